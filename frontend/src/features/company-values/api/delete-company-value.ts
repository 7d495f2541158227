import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trashBatch } from '@/lib/trash';
import { api, ifMatch, listsChanged, type Versioned } from '@/lib/api-client';
import { companyValuesQueryKey } from './get-company-values';

export async function deleteCompanyValue({ id, version }: Versioned): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/company-values/{id}', { params: { path: { id } }, headers: ifMatch(version) }));
}

export function useDeleteCompanyValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompanyValue,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: companyValuesQueryKey }) : undefined,
  });
}
