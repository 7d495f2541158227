import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountInput, User } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { userQueryKey } from '@/features/account';

export function updateAccount(input: AccountInput): Promise<User> {
  return dataOf(api.PUT('/api/account', { body: input }));
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
