import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AboutSectionInput, ValuesSectionForm } from '@/generated/types';
import { api, dataOf, ifMatch, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { aboutSectionsQueryKey, type AboutSection } from './get-about-sections';

export function createAboutSection(input: AboutSectionInput): Promise<AboutSection> {
  return dataOf(api.POST('/api/about-sections', { body: input }));
}

export function updateAboutSection({ id, version, input }: VersionedUpdate<AboutSectionInput>): Promise<AboutSection> {
  return dataOf(api.PUT('/api/about-sections/{id}', { params: { path: { id } }, body: input, headers: ifMatch(version) }));
}

/**
 * The values editor's save: every values section replaced by the form's list in one call, in
 * one transaction on the server, so a failure leaves the page's values as they were.
 */
export function saveValuesSection(form: ValuesSectionForm): Promise<AboutSection[]> {
  return dataOf(api.PUT('/api/about-sections/values', { body: form }));
}

export function useCreateAboutSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAboutSection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aboutSectionsQueryKey }),
  });
}

export function useUpdateAboutSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAboutSection,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: aboutSectionsQueryKey }) : undefined,
  });
}

export function useSaveValuesSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveValuesSection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: aboutSectionsQueryKey }),
  });
}
