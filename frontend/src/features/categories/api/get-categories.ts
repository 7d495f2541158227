import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { constants } from '@/lib/rules';

/** A category as `GET /api/categories` lists it; `imageUrl` is a `/media/...` reference. */
export interface Category {
  id: number;
  /** 1 on create, +1 on each update; sent back as If-Match by edits and deletes. */
  version: number;
  nameEn: string;
  nameAr: string;
  descriptionEn: string | null;
  descriptionAr: string | null;
  imageUrl: string | null;
  createdAt: string;
}

export const categoriesQueryKey = ['/api/categories'] as const;

export async function getCategories(): Promise<Category[]> {
  return (await apiRequest<Category[]>('GET', '/api/categories')) ?? [];
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
