import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { paths } from '@/generated/api';
import type { Property } from '@/generated/types';
import { api, dataOf, type Page, pageOf } from '@/lib/api-client';
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
  /** Only the listings this import created or updated. */
  importId?: number | undefined;
}

type PropertiesQuery = NonNullable<paths['/api/properties']['get']['parameters']['query']>;

/**
 * The query of one page: `page`, `pageSize`, then `q` and `sort` when given. The sort is
 * the one the address asks for, sent as it is: the server refuses (400) one naming no field.
 */
export function propertiesPageQuery({ page, pageSize, q, sort, importId }: PropertiesPageParams): PropertiesQuery {
  return {
    page,
    pageSize,
    ...(q === undefined || q === '' ? {} : { q }),
    ...(sort === undefined || sort === '' ? {} : { sort: sort as PropertiesQuery['sort'] }),
    ...(importId === undefined ? {} : { importId }),
  };
}

export function getPropertiesPage(
  params: PropertiesPageParams,
  signal?: AbortSignal,
): Promise<Page<Property>> {
  return pageOf(api.GET('/api/properties', { params: { query: propertiesPageQuery(params) }, signal }));
}

/**
 * One page of listings, fresh for the rules' properties time (core-panel §9). While the
 * next page loads the one shown stays, so paging and searching do not blank the table.
 */
export function propertiesPageQueryOptions(params: PropertiesPageParams) {
  const { page, pageSize, q = '', sort, importId } = params;
  return queryOptions({
    queryKey: [...propertiesQueryKey, { page, pageSize, q, sort: sort ?? '', ...(importId === undefined ? {} : { importId }) }] as const,
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
    queryFn: () => dataOf(api.GET('/api/properties/{id}', { params: { path: { id: id ?? 0 } } })),
    enabled: id !== null,
  });
}

export { propertiesQueryKey };
export type { Property };
