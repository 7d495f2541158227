import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ValuesSectionSettings, ValuesSectionSettingsInput } from '@/generated/types';
import { apiData, type VersionedUpdate } from '@/lib/api-client';

export const valuesSectionSettingsQueryKey = ['/api/values-section-settings'] as const;

export function getValuesSectionSettings(): Promise<ValuesSectionSettings> {
  return apiData<ValuesSectionSettings>('GET', '/api/values-section-settings');
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
  return apiData<ValuesSectionSettings>('PUT', '/api/values-section-settings', input, {
    ifMatch: version === 0 ? undefined : version,
  });
}

export function useSaveValuesSectionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveValuesSectionSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: valuesSectionSettingsQueryKey }),
  });
}

export type { ValuesSectionSettings };
