import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserCreateInput } from '@/generated/types';
import i18n from '@/i18n';
import { api, dataOf } from '@/lib/api-client';
import { userQueryKey, type User } from './get-user';
import { withPreferences } from '../preferences';

/** First-run set-up: creates the first account while none exists and signs it in. */
export async function register(account: UserCreateInput): Promise<User> {
  const headers = { 'Accept-Language': i18n.language };
  return withPreferences(await dataOf(api.POST('/api/register', { body: account, headers })));
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
