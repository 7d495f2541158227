import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyValueInput } from '@/generated/types';
import { apiData, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { companyValuesQueryKey, type CompanyValue } from './get-company-values';

/** Creates a value; an inline image in `imageData` comes back as a `/media/...` reference. */
export function createCompanyValue(input: CompanyValueInput): Promise<CompanyValue> {
  return apiData<CompanyValue>('POST', '/api/company-values', input);
}

export function updateCompanyValue({ id, version, input }: VersionedUpdate<CompanyValueInput>): Promise<CompanyValue> {
  return apiData<CompanyValue>('PUT', `/api/company-values/${id}`, input, { ifMatch: version });
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
