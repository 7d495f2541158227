import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorAsked, SignIn } from '@/generated/types';
import i18n from '@/i18n';
import { api, dataOf } from '@/lib/api-client';
import { userQueryKey, type User } from './get-user';
import { withPreferences } from '../preferences';

/** What a right password leads to: the user signed in, or the second factor asked first. */
export type SignInAnswer = { user: User } | { secondFactor: SecondFactorAsked['secondFactor'] };

/**
 * Signs in; resolves once the interface is in the user's language. A refusal is said in the
 * language of the sign-in page.
 */
export async function login(credentials: SignIn): Promise<SignInAnswer> {
  const headers = { 'Accept-Language': i18n.language };
  const answer = await dataOf(api.POST('/api/login', { body: credentials, headers }));
  if ('secondFactor' in answer) return { secondFactor: answer.secondFactor };
  return { user: await withPreferences(answer) };
}

/** Signs in; a user answered becomes the cached current user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('user' in answer) queryClient.setQueryData(userQueryKey, answer.user);
    },
  });
}
