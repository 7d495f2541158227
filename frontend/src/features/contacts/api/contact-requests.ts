import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactRequest, ContactStatus, DailyCount, StatusCounts } from '@/generated/types';
import { apiData, apiPage, apiRequest, listsChanged, type Page, type Versioned } from '@/lib/api-client';

/** Every read of contact requests starts with this key, so one invalidation reaches them all. */
export const contactRequestsQueryKey = ['/api/contact-requests'] as const;
const statsQueryKey = ['/api/stats'] as const;

export interface ContactPageParams {
  page: number;
  pageSize: number;
  q?: string;
  sort?: string | undefined;
  /** RFC 3339 instants, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export function contactPagePath({ page, pageSize, q, sort, from, to }: ContactPageParams): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q !== undefined && q !== '') params.set('q', q);
  if (sort !== undefined && sort !== '') params.set('sort', sort);
  if (from !== undefined) params.set('from', from);
  if (to !== undefined) params.set('to', to);
  return `/api/contact-requests?${params.toString()}`;
}

export function getContactPage(params: ContactPageParams, signal?: AbortSignal): Promise<Page<ContactRequest>> {
  return apiPage<ContactRequest>(contactPagePath(params), signal === undefined ? {} : { signal });
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
    queryFn: () => apiData<StatusCounts>('GET', '/api/contact-requests/counts'),
  });
}

/** Minutes east of UTC of this browser's clock, as the server's `offset` takes them. */
export function utcOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}

export function useDailyCounts() {
  return useQuery({
    queryKey: [...contactRequestsQueryKey, 'daily'] as const,
    queryFn: () => apiData<DailyCount[]>('GET', `/api/contact-requests/daily?offset=${utcOffsetMinutes()}`),
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
function useChanged() {
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
      apiData<ContactRequest>('PUT', `/api/contact-requests/${id}`, { status }, { ifMatch: version }),
    onSettled: (_data, error) => changed(error),
  });
}

export function useDeleteContactRequest() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ id, version }: Versioned) =>
      apiRequest('DELETE', `/api/contact-requests/${id}`, undefined, { ifMatch: version }),
    onSettled: (_data, error) => changed(error),
  });
}

export function useDeleteAllContactRequests() {
  const changed = useChanged();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/contact-requests'),
    onSettled: (_data, error) => changed(error),
  });
}

export type { ContactRequest, StatusCounts };
