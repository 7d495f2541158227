import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanySettings, SettingsInput } from '@/generated/types';
import { api, dataOf, ifMatch } from '@/lib/api-client';

export const settingsQueryKey = ['/api/settings'] as const;

export function getSettings(): Promise<CompanySettings> {
  return dataOf(api.GET('/api/settings'));
}

export function useSettings() {
  return useQuery(queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings }));
}

/** Saves the settings read at `version`; version 0 (the defaults, never saved) sends no If-Match. */
export function saveSettings({ version, input }: { version: number; input: SettingsInput }): Promise<CompanySettings> {
  return dataOf(api.POST('/api/settings', { body: input, headers: version === 0 ? {} : ifMatch(version) }));
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKey, saved);
    },
  });
}

export type { CompanySettings };
