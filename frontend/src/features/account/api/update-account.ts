import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountInput, User } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { userQueryKey } from '@/features/auth/api/get-user';

export function updateAccount(input: AccountInput): Promise<User> {
  return apiData<User>('PUT', '/api/account', input);
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
