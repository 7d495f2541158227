import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enrolment, EnrolledSignIn, SecondFactorCode } from '@/generated/types';
import i18n from '@/i18n';
import { api, dataOf } from '@/lib/api-client';
import { userQueryKey, type User } from './get-user';
import { withPreferences } from '../preferences';

// The second step of a sign-in the password began (docs/adr/0032): its calls are said in
// the sign-in page's language, as the password's are.
const headers = () => ({ 'Accept-Language': i18n.language });

/** Gives the authenticator's code or a recovery code; the session starts. */
export async function giveSecondFactor(input: SecondFactorCode): Promise<User> {
  return withPreferences(await dataOf(api.POST('/api/login/second-factor', { body: input, headers: headers() })));
}

export function useGiveSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveSecondFactor,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}

/** A new secret for a sign-in that must enrol before any session. */
export function beginSignInEnrolment(): Promise<Enrolment> {
  return dataOf(api.POST('/api/login/second-factor/setup', { headers: headers() }));
}

export function useBeginSignInEnrolment() {
  return useMutation({ mutationFn: beginSignInEnrolment });
}

/**
 * Confirms the enrolment with its first code; the session starts. The user is cached only
 * when `signIn` is called, once the recovery codes were read.
 */
export async function finishSignInEnrolment(input: SecondFactorCode): Promise<EnrolledSignIn> {
  return dataOf(api.POST('/api/login/second-factor/enrol', { body: input, headers: headers() }));
}

export function useFinishSignInEnrolment() {
  const queryClient = useQueryClient();
  return {
    ...useMutation({ mutationFn: finishSignInEnrolment }),
    signIn: async (user: User) => {
      queryClient.setQueryData(userQueryKey, await withPreferences(user));
    },
  };
}
