import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignIn } from '@/generated/types';
import i18n from '@/i18n';
import { api, dataOf } from '@/lib/api-client';
import { userQueryKey, type User } from './get-user';
import { withPreferences } from '../preferences';

/**
 * Signs in; resolves once the interface is in the user's language. A refusal is said in the
 * language of the sign-in page.
 */
export async function login(credentials: SignIn): Promise<User> {
  const headers = { 'Accept-Language': i18n.language };
  return withPreferences(await dataOf(api.POST('/api/login', { body: credentials, headers })));
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
