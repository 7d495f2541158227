import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MappingKind, MappingPortal, PortalMapping, PortalMappingRow } from '@/generated/types';
import { api, dataOf, listsChanged } from '@/lib/api-client';
import { trashBatch } from '@/lib/trash';
import { portalsQueryKey } from './portals';

export function mappingsQueryKey(portal: MappingPortal) {
  return [...portalsQueryKey, portal, 'mappings'] as const;
}

/** Every category, type and place with the portal's word for it; unmapped ones first. */
export function getMappings(portal: MappingPortal): Promise<PortalMappingRow[]> {
  return dataOf(api.GET('/api/portals/{portal}/mappings', { params: { path: { portal } } }));
}

export function useMappings(portal: MappingPortal) {
  return useQuery(queryOptions({ queryKey: mappingsQueryKey(portal), queryFn: () => getMappings(portal) }));
}

export interface SaveMapping {
  portal: MappingPortal;
  kind: MappingKind;
  recordId: number;
  value: string;
}

export function saveMapping({ portal, kind, recordId, value }: SaveMapping): Promise<PortalMapping> {
  return dataOf(
    api.PUT('/api/portals/{portal}/mappings/{kind}/{id}', {
      params: { path: { portal, kind, id: recordId } },
      body: { value },
    }),
  );
}

/** Removes a mapping (to the trash): its record is unmapped again. Answers the trash batch. */
export function removeMapping({ id }: { portal: MappingPortal; id: number }): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/portal-mappings/{id}', { params: { path: { id } } }));
}

/** Reads a portal's mappings and its unmapped count again after a write. */
function useRefreshPortal() {
  const queryClient = useQueryClient();
  return (portal: MappingPortal) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mappingsQueryKey(portal) }),
      queryClient.invalidateQueries({ queryKey: portalsQueryKey, exact: true }),
    ]);
}

export function useSaveMapping() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPortal();
  return useMutation({
    mutationFn: saveMapping,
    onSuccess: (saved, { portal }) => {
      // The row shows its new word at once, not its old one until the list is read again.
      queryClient.setQueryData<PortalMappingRow[]>(mappingsQueryKey(portal), (rows) =>
        rows?.map((row) =>
          row.kind === saved.kind && row.recordId === saved.recordId ? { ...row, mappingId: saved.id, value: saved.value } : row,
        ),
      );
    },
    onSettled: (_saved, error, { portal }) => (listsChanged(error) ? refresh(portal) : undefined),
  });
}

export function useRemoveMapping() {
  const refresh = useRefreshPortal();
  return useMutation({
    mutationFn: removeMapping,
    onSettled: (_batch, error, { portal }) => (listsChanged(error) ? refresh(portal) : undefined),
  });
}
