import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { paths } from '@/generated/api';
import type { ContactFilter, ContactRequest, ContactStatus, StatusCounts } from '@/generated/types';
import { api, dataOf, ifMatch, listsChanged, type Page, pageOf, type Versioned } from '@/lib/api-client';
import { trashBatch } from '@/lib/trash';

/** Every read of contact requests starts with this key, so one invalidation reaches them all. */
export const contactRequestsQueryKey = ['/api/contact-requests'] as const;
export const statsQueryKey = ['/api/stats'] as const;

export interface ContactPageParams {
  page: number;
  pageSize: number;
  q?: string;
  sort?: string | undefined;
  /** RFC 3339 instants, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** Which leads (issue 26); all when absent. */
  view?: LeadView | undefined;
  /** One row per person, their newest request (issue 26). */
  grouped?: boolean;
}

type ContactQuery = NonNullable<paths['/api/contact-requests']['get']['parameters']['query']>;

/** The inbox's lead filters (issue 26) and the query each sends. */
export const LEAD_VIEW_QUERIES = {
  mine: { assignee: 'me' },
  unassigned: { assignee: 'none' },
  overdue: { overdue: 'true' },
  followUps: { followUps: 'due' },
} as const satisfies Record<string, ContactQuery>;

export type LeadView = keyof typeof LEAD_VIEW_QUERIES;

/** The same filters as a bulk change or a selection's export sends them. */
export const LEAD_VIEW_FILTERS = {
  mine: { assignee: 'me' },
  unassigned: { assignee: 'none' },
  overdue: { overdue: true },
  followUps: { followUps: 'due' },
} as const satisfies Record<LeadView, ContactFilter>;

/**
 * The query of one page: `page`, `pageSize`, then the others when given. The sort is the
 * one the address asks for, sent as it is: the server refuses (400) one naming no field.
 */
export function contactPageQuery({ page, pageSize, q, sort, from, to, view, grouped }: ContactPageParams): ContactQuery {
  return {
    page,
    pageSize,
    ...(q === undefined || q === '' ? {} : { q }),
    ...(sort === undefined || sort === '' ? {} : { sort: sort as ContactQuery['sort'] }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    ...(view === undefined ? {} : LEAD_VIEW_QUERIES[view]),
    ...(grouped === true ? { repeats: 'grouped' } : {}),
  };
}

export function getContactPage(params: ContactPageParams, signal?: AbortSignal): Promise<Page<ContactRequest>> {
  return pageOf(api.GET('/api/contact-requests', { params: { query: contactPageQuery(params) }, signal }));
}

export function useContactPage(params: ContactPageParams) {
  return useQuery(
    queryOptions({
      queryKey: [...contactRequestsQueryKey, 'page', params] as const,
      queryFn: ({ signal }) => getContactPage(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useStatusCounts() {
  return useQuery({
    queryKey: [...contactRequestsQueryKey, 'counts'] as const,
    queryFn: () => dataOf(api.GET('/api/contact-requests/counts')),
  });
}

/** Minutes east of UTC of this browser's clock, as the server's `offset` takes them. */
export function utcOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}

export function useDailyCounts() {
  return useQuery({
    queryKey: [...contactRequestsQueryKey, 'daily'] as const,
    queryFn: () => dataOf(api.GET('/api/contact-requests/daily', { params: { query: { offset: utcOffsetMinutes() } } })),
  });
}

/** The newest requests: the dashboard's Recent Inquiries slice (core §9). */
export function useRecentInquiries(slice: number) {
  return useQuery({
    queryKey: [...contactRequestsQueryKey, 'recent', slice] as const,
    queryFn: async () => (await getContactPage({ page: 1, pageSize: slice })).rows,
  });
}

/** After a write: every list, count and the side bar's badge are read again. */
export function useChanged() {
  const queryClient = useQueryClient();
  return (error: Error | null) =>
    listsChanged(error)
      ? Promise.all([
          queryClient.invalidateQueries({ queryKey: contactRequestsQueryKey }),
          queryClient.invalidateQueries({ queryKey: statsQueryKey }),
        ])
      : undefined;
}

export function useSetStatus() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ id, version, status }: Versioned & { status: ContactStatus }) =>
      dataOf(api.PUT('/api/contact-requests/{id}', { params: { path: { id } }, body: { status }, headers: ifMatch(version) })),
    onSettled: (_data, error) => changed(error),
  });
}

export function useDeleteContactRequest() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ id, version }: Versioned) =>
      trashBatch(api.DELETE('/api/contact-requests/{id}', { params: { path: { id } }, headers: ifMatch(version) })),
    onSettled: (_data, error) => changed(error),
  });
}

export function useDeleteAllContactRequests() {
  const changed = useChanged();
  return useMutation({
    mutationFn: () => trashBatch(api.DELETE('/api/contact-requests')),
    onSettled: (_data, error) => changed(error),
  });
}

export type { ContactRequest, StatusCounts };
