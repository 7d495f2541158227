// The calls of an area of the public site's ordered content (site-content §7, issue 11):
// team members, services, process steps, testimonials and hero images share one shape of
// API (list, create, update and delete with If-Match, and `PUT <path>/order`), so each
// area's feature names its path once and gets its query and mutations from here.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiData, apiRequest, listsChanged, type Versioned, type VersionedUpdate } from '@/lib/api-client';
import { constants } from '@/lib/rules';

/** A record of an ordered area: versioned, placed by its display order. */
export interface OrderedRecord extends Versioned {
  displayOrder?: number;
}

/**
 * The display order a new record is offered: after the last one, so that it joins the end
 * of the list as the person sees it (the API's default, 0, would put it among the first).
 */
export function nextDisplayOrder(records: readonly OrderedRecord[] | undefined): number {
  const orders = (records ?? []).map((record) => record.displayOrder ?? 0);
  return orders.length === 0 ? constants().displayOrderDefault : Math.max(...orders) + 1;
}

/** `path` is the area's collection, e.g. '/api/team-members'. */
export function orderedArea<TRecord extends OrderedRecord, TInput>(path: string) {
  const queryKey = [path] as const;

  const listOptions = () =>
    queryOptions({
      queryKey,
      queryFn: () => apiData<TRecord[]>('GET', path),
      staleTime: constants().catalogFreshMs,
    });

  /**
   * Reads the list again after a write that went through, or one refused over records the
   * list shows stale: a newer version (412), or a unique value taken meanwhile (409, a hero
   * image's page), which the list then shows as taken.
   */
  const useRefreshAfter = () => {
    const queryClient = useQueryClient();
    return (_data: unknown, error: Error | null) =>
      listsChanged(error) || (error instanceof ApiError && error.status === 409)
        ? queryClient.invalidateQueries({ queryKey })
        : undefined;
  };

  return {
    queryKey,
    listOptions,

    useList: () => useQuery(listOptions()),

    /** What a new record's form offers as its display order: see `nextDisplayOrder`. */
    useNextDisplayOrder: () => nextDisplayOrder(useQuery(listOptions()).data),

    /** An inline image (`data:` URL) in the input comes back as a `/media/...` reference. */
    useCreate: () =>
      useMutation({
        mutationFn: (input: TInput) => apiData<TRecord>('POST', path, input),
        onSettled: useRefreshAfter(),
      }),

    useUpdate: () =>
      useMutation({
        mutationFn: ({ id, version, input }: VersionedUpdate<TInput>) =>
          apiData<TRecord>('PUT', `${path}/${String(id)}`, input, { ifMatch: version }),
        onSettled: useRefreshAfter(),
      }),

    useDelete: () =>
      useMutation({
        mutationFn: async ({ id, version }: Versioned) => {
          await apiRequest('DELETE', `${path}/${String(id)}`, undefined, { ifMatch: version });
        },
        onSettled: useRefreshAfter(),
      }),

    /**
     * Puts the records in the order given, shown at once; the server's answer (every
     * record with its new display order and version) replaces the list, and a refused
     * reorder puts the list back as it was.
     */
    useReorder: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (records: readonly TRecord[]) =>
          apiData<TRecord[]>('PUT', `${path}/order`, { ids: records.map((record) => record.id) }),
        onMutate: async (records) => {
          await queryClient.cancelQueries({ queryKey });
          const before = queryClient.getQueryData<TRecord[]>(queryKey);
          queryClient.setQueryData<TRecord[]>(
            queryKey,
            records.map((record, displayOrder) => ({ ...record, displayOrder })),
          );
          return { before };
        },
        onError: (_error, _records, context) => {
          queryClient.setQueryData(queryKey, context?.before);
        },
        onSuccess: (answer) => {
          queryClient.setQueryData(queryKey, answer);
        },
        onSettled: () => queryClient.invalidateQueries({ queryKey }),
      });
    },
  };
}
