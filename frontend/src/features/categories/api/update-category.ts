import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { categoriesQueryKey, type Category } from './get-categories';

export async function updateCategory({ id, input }: { id: number; input: CategoryInput }): Promise<Category> {
  return apiData<Category>('PUT', `/api/categories/${id}`, input);
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
