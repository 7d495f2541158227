import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignIn } from '@/generated/types';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey, type User } from './get-user';

export async function login(credentials: SignIn): Promise<User> {
  return (await apiRequest<User>('POST', '/api/login', credentials)) as User;
}

/** Signs in; the answer becomes the cached current user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
