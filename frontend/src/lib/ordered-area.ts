// The calls of an area of the public site's ordered content (site-content §7, issue 11):
// team members, services, process steps, testimonials and hero images share one shape of
// API (list, create, update and delete with If-Match, and `PUT <path>/order`), so each
// area's feature names its path once and gets its query and mutations from here.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { paths } from '@/generated/api';
import { api, ApiError, dataOf, ifMatch, listsChanged, type Versioned, type VersionedUpdate } from '@/lib/api-client';
import { constants } from '@/lib/rules';
import { trashBatch } from '@/lib/trash';

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

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The collections the API lists, creates in, and edits and deletes by `{id}` in. */
type CollectionPath = {
  [P in keyof paths]: `${P}/{id}` extends keyof paths
    ? paths[P] extends { get: object; post: { requestBody: object } }
      ? P
      : never
    : never;
}[keyof paths];

/** A record of the collection at `P`, as the API document says its list answers. */
export type RecordAt<P extends CollectionPath> = JsonOf<paths[P]['get']['responses'][200]>[number];

/** What the collection at `P` takes to create a record, as the API document says. */
export type InputAt<P extends CollectionPath> = JsonOf<paths[P]['post']['requestBody']>;

/**
 * The typed client seen through a path that is a type parameter: openapi-fetch types a call
 * by its literal path, which a generic area does not have, so the area's calls go through
 * this view and their records are typed by `RecordAt`/`InputAt` of the area's path instead.
 */
interface AreaClient {
  GET(path: string): Promise<{ data?: unknown; response: Response }>;
  POST(path: string, init: { body: unknown }): Promise<{ data?: unknown; response: Response }>;
  PUT(path: string, init: object): Promise<{ data?: unknown; response: Response }>;
  DELETE(path: string, init: object): Promise<{ data?: unknown; response: Response }>;
}
const client = api as unknown as AreaClient;

/**
 * The area whose collection is `path`, e.g. '/api/team-members': its record and input types
 * are read from the API document by that path.
 */
export function orderedArea<P extends CollectionPath>(path: P) {
  return areaAt<RecordAt<P> & OrderedRecord, InputAt<P>>(path);
}

/** The queries and mutations `orderedArea` gives one area. */
export type OrderedArea<TRecord extends OrderedRecord, TInput> = ReturnType<typeof areaAt<TRecord, TInput>>;

function areaAt<TRecord extends OrderedRecord, TInput>(path: string) {
  const queryKey = [path] as const;
  const one = (id: number) => ({ params: { path: { id } } });

  const listOptions = () =>
    queryOptions({
      queryKey,
      queryFn: async () => (await dataOf(client.GET(path))) as TRecord[],
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
        mutationFn: async (input: TInput) => (await dataOf(client.POST(path, { body: input }))) as TRecord,
        onSettled: useRefreshAfter(),
      }),

    useUpdate: () =>
      useMutation({
        mutationFn: async ({ id, version, input }: VersionedUpdate<TInput>) =>
          (await dataOf(client.PUT(`${path}/{id}`, { ...one(id), body: input, headers: ifMatch(version) }))) as TRecord,
        onSettled: useRefreshAfter(),
      }),

    useDelete: () =>
      useMutation({
        mutationFn: ({ id, version }: Versioned) =>
          trashBatch(client.DELETE(`${path}/{id}`, { ...one(id), headers: ifMatch(version) })),
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
        mutationFn: async (records: readonly TRecord[]) =>
          (await dataOf(client.PUT(`${path}/order`, { body: { ids: records.map((record) => record.id) } }))) as TRecord[],
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
