import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from './get-user';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}

/** Signs out; every cached answer of the session is dropped with it. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.removeQueries();
      queryClient.setQueryData(userQueryKey, null);
    },
  });
}
