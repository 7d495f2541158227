import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Property } from '@/generated/types';
import { apiData, apiPage, type Page } from '@/lib/api-client';
import { constants } from '@/lib/rules';
import { propertiesQueryKey } from './properties-keys';

/** One page of the listings as the server pages, searches and orders them. */
export interface PropertiesPageParams {
  /** From 1. */
  page: number;
  pageSize: number;
  /** Folded by the server over titles, number and locations; empty for none. */
  q?: string;
  /** `field` or `-field`; absent for the server's default (newest first). */
  sort?: string | undefined;
}

/** The call of one page: `page`, `pageSize`, then `q` and `sort` when given. */
export function propertiesPagePath({ page, pageSize, q, sort }: PropertiesPageParams): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q !== undefined && q !== '') params.set('q', q);
  if (sort !== undefined && sort !== '') params.set('sort', sort);
  return `/api/properties?${params.toString()}`;
}

export function getPropertiesPage(
  params: PropertiesPageParams,
  signal?: AbortSignal,
): Promise<Page<Property>> {
  return apiPage<Property>(propertiesPagePath(params), signal === undefined ? {} : { signal });
}

/**
 * One page of listings, fresh for the rules' properties time (core-panel §9). While the
 * next page loads the one shown stays, so paging and searching do not blank the table.
 */
export function propertiesPageQueryOptions(params: PropertiesPageParams) {
  const { page, pageSize, q = '', sort } = params;
  return queryOptions({
    queryKey: [...propertiesQueryKey, { page, pageSize, q, sort: sort ?? '' }] as const,
    queryFn: ({ signal }) => getPropertiesPage(params, signal),
    staleTime: constants().propertiesFreshMs,
    placeholderData: keepPreviousData,
  });
}

export function usePropertiesPage(params: PropertiesPageParams) {
  return useQuery(propertiesPageQueryOptions(params));
}

/** One listing, as its edit dialog reads it. */
export function useProperty(id: number | null) {
  return useQuery({
    queryKey: [...propertiesQueryKey, 'one', id] as const,
    queryFn: () => apiData<Property>('GET', `/api/properties/${id ?? 0}`),
    enabled: id !== null,
  });
}

export { propertiesQueryKey };
export type { Property };
