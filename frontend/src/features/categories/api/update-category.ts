import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '@/generated/types';
import { apiRequest } from '@/lib/api-client';
import { categoriesQueryKey, type Category } from './get-categories';

export async function updateCategory({ id, input }: { id: number; input: CategoryInput }): Promise<Category> {
  return (await apiRequest<Category>('PUT', `/api/categories/${id}`, input)) as Category;
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
