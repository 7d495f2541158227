import { useMutation, useQueryClient } from '@tanstack/react-query';
import { propertiesQueryKey, statsQueryKey, type Property } from '@/features/properties';
import type { QuickPropertyInput } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';

/** `POST /api/properties?form=quick`: a listing from the quick form, checked by its rules. */
export function createQuickProperty(input: QuickPropertyInput): Promise<Property> {
  return dataOf(api.POST('/api/properties', { params: { query: { form: 'quick' } }, body: input }));
}

export function useCreateQuickProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuickProperty,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: propertiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: statsQueryKey }),
      ]),
  });
}
