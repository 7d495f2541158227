import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserCreateInput } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { userQueryKey, type User } from './get-user';

/** First-run set-up: creates the first account while none exists and signs it in. */
export async function register(account: UserCreateInput): Promise<User> {
  return dataOf(api.POST('/api/register', { body: account }));
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
