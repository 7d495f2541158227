import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { paths } from '@/generated/api';
import type { FeedPortal, OfferingType, Portal, Property, PropertyStatus } from '@/generated/types';
import { api, dataOf, type Page, pageOf } from '@/lib/api-client';
import { constants } from '@/lib/rules';
import { propertiesQueryKey } from './properties-keys';

/**
 * What the listings may be narrowed to (issue 38), each sent when given: prices and areas
 * inclusive (from 0, the low end not above the high one, which the server refuses), rooms
 * 'at least', and listings having every one of the features; a status, and sales or
 * rentals (issue 39); the listings published to a portal, and those a feed portal they are
 * published to would refuse (issue 41).
 */
export interface PropertySearchFilters {
  status?: PropertyStatus | undefined;
  offeringType?: OfferingType | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Square metres. */
  minArea?: number | undefined;
  maxArea?: number | undefined;
  bedrooms?: number | undefined;
  bathrooms?: number | undefined;
  regionId?: number | undefined;
  featureIds?: readonly number[] | undefined;
  publishTo?: Portal | undefined;
  blockedFor?: FeedPortal | undefined;
}

/** One page of the listings as the server pages, searches and orders them. */
export interface PropertiesPageParams {
  /** From 1. */
  page: number;
  pageSize: number;
  /** Folded by the server over titles, number and locations; empty for none. */
  q?: string;
  /** `field` or `-field` ('relevance' while searching); absent for the server's default (newest first). */
  sort?: string | undefined;
  /** Only the listings this import created or updated. */
  importId?: number | undefined;
  filters?: PropertySearchFilters | undefined;
}

/** The list's query as the server takes it (its OpenAPI description). */
type PropertiesQuery = NonNullable<paths['/api/properties']['get']['parameters']['query']>;

/** The search filters as query parameters. */
type SearchFilterQuery = Pick<
  PropertiesQuery,
  | 'status'
  | 'offeringType'
  | 'minPrice'
  | 'maxPrice'
  | 'minArea'
  | 'maxArea'
  | 'bedrooms'
  | 'bathrooms'
  | 'regionId'
  | 'featureIds'
  | 'publishTo'
  | 'blockedFor'
>;

const NUMBER_FILTERS = ['minPrice', 'maxPrice', 'minArea', 'maxArea', 'bedrooms', 'bathrooms', 'regionId'] as const;

/** The filters given, as query parameters: none for an absent value or an empty feature list. */
export function searchFilterParams(filters: PropertySearchFilters = {}): SearchFilterQuery {
  const query: SearchFilterQuery = {};
  if (filters.status !== undefined) query.status = filters.status;
  if (filters.offeringType !== undefined) query.offeringType = filters.offeringType;
  if (filters.publishTo !== undefined) query.publishTo = filters.publishTo;
  if (filters.blockedFor !== undefined) query.blockedFor = filters.blockedFor;
  for (const name of NUMBER_FILTERS) {
    const value = filters[name];
    if (value !== undefined) query[name] = value;
  }
  if (filters.featureIds !== undefined && filters.featureIds.length > 0) query.featureIds = filters.featureIds.join(',');
  return query;
}

/**
 * The query of one page: `page`, `pageSize`, then `q`, `sort`, `importId` and the search
 * filters when given. The sort is the one the address asks for, sent as it is: the server
 * refuses (400) one naming no field.
 */
export function propertiesPageQuery({ page, pageSize, q, sort, importId, filters }: PropertiesPageParams): PropertiesQuery {
  return {
    page,
    pageSize,
    ...(q === undefined || q === '' ? {} : { q }),
    ...(sort === undefined || sort === '' ? {} : { sort: sort as PropertiesQuery['sort'] }),
    ...(importId === undefined ? {} : { importId }),
    ...searchFilterParams(filters),
  };
}

export function getPropertiesPage(
  params: PropertiesPageParams,
  signal?: AbortSignal,
): Promise<Page<Property>> {
  const query = propertiesPageQuery(params);
  return pageOf(api.GET('/api/properties', { params: { query }, signal }));
}

/**
 * One page of listings, fresh for the rules' properties time (core-panel §9). While the
 * next page loads the one shown stays, so paging and searching do not blank the table.
 */
export function propertiesPageQueryOptions(params: PropertiesPageParams) {
  return queryOptions({
    // The query itself: every parameter that changes the answer, and only those.
    queryKey: [...propertiesQueryKey, propertiesPageQuery(params)] as const,
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
