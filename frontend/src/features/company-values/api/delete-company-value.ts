import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, listsChanged, type Versioned } from '@/lib/api-client';
import { companyValuesQueryKey } from './get-company-values';

export async function deleteCompanyValue({ id, version }: Versioned): Promise<void> {
  await apiRequest('DELETE', `/api/company-values/${id}`, undefined, { ifMatch: version });
}

export function useDeleteCompanyValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompanyValue,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: companyValuesQueryKey }) : undefined,
  });
}
