import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyValueInput } from '@/generated/types';
import { api, dataOf, ifMatch, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { companyValuesQueryKey, type CompanyValue } from './get-company-values';

/** Creates a value; an inline image in `imageData` comes back as a `/media/...` reference. */
export function createCompanyValue(input: CompanyValueInput): Promise<CompanyValue> {
  return dataOf(api.POST('/api/company-values', { body: input }));
}

export function updateCompanyValue({ id, version, input }: VersionedUpdate<CompanyValueInput>): Promise<CompanyValue> {
  return dataOf(api.PUT('/api/company-values/{id}', { params: { path: { id } }, body: input, headers: ifMatch(version) }));
}

export function useCreateCompanyValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyValue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyValuesQueryKey }),
  });
}

export function useUpdateCompanyValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyValue,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: companyValuesQueryKey }) : undefined,
  });
}
