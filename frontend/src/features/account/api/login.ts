import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignIn } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { userQueryKey, type User } from './get-user';

export async function login(credentials: SignIn): Promise<User> {
  return dataOf(api.POST('/api/login', { body: credentials }));
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
