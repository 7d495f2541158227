import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { constants } from '@/lib/rules';
import type { Category } from '@/generated/types';


export const categoriesQueryKey = ['/api/categories'] as const;

export async function getCategories(): Promise<Category[]> {
  return (await api.GET('/api/categories')).data ?? [];
}

/** Every category; fresh for the rules' catalog time (core-panel §9). */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: getCategories,
    staleTime: constants().catalogFreshMs,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

export type { Category };
