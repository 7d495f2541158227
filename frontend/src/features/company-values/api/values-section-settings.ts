import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ValuesSectionSettings, ValuesSectionSettingsInput } from '@/generated/types';
import { api, dataOf, ifMatch, type VersionedUpdate } from '@/lib/api-client';

export const valuesSectionSettingsQueryKey = ['/api/values-section-settings'] as const;

export function getValuesSectionSettings(): Promise<ValuesSectionSettings> {
  return dataOf(api.GET('/api/values-section-settings'));
}

export function valuesSectionSettingsQueryOptions() {
  return queryOptions({ queryKey: valuesSectionSettingsQueryKey, queryFn: getValuesSectionSettings });
}

export function useValuesSectionSettings() {
  return useQuery(valuesSectionSettingsQueryOptions());
}

/** Saves the header; version 0 (the defaults, never saved) sends no If-Match. */
export function saveValuesSectionSettings({
  version,
  input,
}: Omit<VersionedUpdate<ValuesSectionSettingsInput>, 'id'>): Promise<ValuesSectionSettings> {
  return dataOf(
    api.PUT('/api/values-section-settings', { body: input, headers: version === 0 ? {} : ifMatch(version) }),
  );
}

export function useSaveValuesSectionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveValuesSectionSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: valuesSectionSettingsQueryKey }),
  });
}

export type { ValuesSectionSettings };
