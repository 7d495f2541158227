import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AboutSectionInput, ValuesSectionForm } from '@/generated/types';
import { apiData, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { aboutSectionsQueryKey, type AboutSection } from './get-about-sections';

export function createAboutSection(input: AboutSectionInput): Promise<AboutSection> {
  return apiData<AboutSection>('POST', '/api/about-sections', input);
}

export function updateAboutSection({ id, version, input }: VersionedUpdate<AboutSectionInput>): Promise<AboutSection> {
  return apiData<AboutSection>('PUT', `/api/about-sections/${id}`, input, { ifMatch: version });
}

/**
 * The values editor's save: every values section replaced by the form's list in one call, in
 * one transaction on the server, so a failure leaves the page's values as they were.
 */
export function saveValuesSection(form: ValuesSectionForm): Promise<AboutSection[]> {
  return apiData<AboutSection[]>('PUT', '/api/about-sections/values', form);
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
