import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { userQueryKey } from './get-user';

/** Signs out; a 401 means the session had already expired, which is signed out too. */
export async function logout(): Promise<void> {
  try {
    await api.POST('/api/logout');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
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
