import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Enrolment, RecoveryCodes, SecondFactorCode, TwoFactorStatus } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';

export const twoFactorQueryKey = ['/api/account/two-factor'] as const;

/** The signed-in user's second factor: on or not, required or not, and by when. */
export function getTwoFactor(): Promise<TwoFactorStatus> {
  return dataOf(api.GET('/api/account/two-factor'));
}

export function twoFactorQueryOptions() {
  return queryOptions({ queryKey: twoFactorQueryKey, queryFn: getTwoFactor });
}

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}

/** Begins enrolling an authenticator app: a new secret and its QR code. */
export function beginEnrolment(): Promise<Enrolment> {
  return dataOf(api.POST('/api/account/two-factor/setup'));
}

export function useBeginEnrolment() {
  return useMutation({ mutationFn: beginEnrolment });
}

/** Confirms the enrolment with the app's first code; answers the recovery codes. */
export function confirmEnrolment(input: SecondFactorCode): Promise<RecoveryCodes> {
  return dataOf(api.POST('/api/account/two-factor', { body: input }));
}

export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEnrolment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
