import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { userQueryKey } from './get-user';
import { withPreferences, type Preferences } from '../preferences';

/** Stores the user's language and digits; resolves once the interface shows them. */
export async function updatePreferences(preferences: Preferences): Promise<User> {
  return withPreferences(await dataOf(api.PUT('/api/account/preferences', { body: preferences })));
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
