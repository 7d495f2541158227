import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { trashBatch } from '@/lib/trash';
import { api, ifMatch, listsChanged, type Page, type Versioned } from '@/lib/api-client';
import type { Property } from './get-properties';
import { propertiesQueryKey, statsQueryKey } from './properties-keys';

export async function deleteProperty({ id, version }: Versioned): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/properties/{id}', { params: { path: { id } }, headers: ifMatch(version) }));
}

/** The pages cached before the delete, to put back if the server refuses it. */
interface Snapshot {
  pages: [QueryKey, Page<Property>][];
}

/**
 * Whether a cached properties answer is a page of the list: the key is shared with other
 * reads (one property, its features), whose data have other shapes.
 */
function isPage(data: unknown): data is Page<Property> {
  return typeof data === 'object' && data !== null && 'rows' in data && Array.isArray(data.rows);
}

/**
 * Deletes a property and removes it from every cached page at once (core-panel §4): the
 * row disappears before the server answers. If the server refuses, the pages are put back
 * as they were. Lists and statistics are read again once the delete went through, or was
 * refused because the record had changed (412).
 */
export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (property: Property) => deleteProperty(property),
    onMutate: async (property): Promise<Snapshot> => {
      // A read under way would bring the row back when it lands.
      await queryClient.cancelQueries({ queryKey: propertiesQueryKey });
      const pages = queryClient
        .getQueriesData({ queryKey: propertiesQueryKey })
        .filter((entry): entry is [QueryKey, Page<Property>] => isPage(entry[1]))
        .filter(([, page]) => page.rows.some((row) => row.id === property.id));
      for (const [key, page] of pages) {
        queryClient.setQueryData<Page<Property>>(key, {
          rows: page.rows.filter((row) => row.id !== property.id),
          total: Math.max(0, page.total - 1),
        });
      }
      return { pages };
    },
    onError: (_error, _property, snapshot: Snapshot | undefined) => {
      for (const [key, page] of snapshot?.pages ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: (_data, error) =>
      listsChanged(error)
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: propertiesQueryKey }),
            queryClient.invalidateQueries({ queryKey: statsQueryKey }),
          ])
        : undefined,
  });
}
