import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MappingPortal, PortalSecretInput, PortalSettings } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';

export const portalsQueryKey = ['/api/portals'] as const;

export function getPortals(): Promise<PortalSettings[]> {
  return dataOf(api.GET('/api/portals'));
}

export function usePortals({ enabled }: { enabled: boolean }) {
  return useQuery({ ...queryOptions({ queryKey: portalsQueryKey, queryFn: getPortals }), enabled });
}

/** Sets (or, with an empty string, clears) a portal's webhook secret; the server never answers it back. */
export async function setPortalSecret({ portal, input }: { portal: MappingPortal; input: PortalSecretInput }): Promise<void> {
  await api.PUT('/api/portals/{portal}/secret', { params: { path: { portal } }, body: input });
}

export function useSetPortalSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPortalSecret,
    // Only `secretSet` changed; `exact` leaves the mapping lists under the same prefix alone.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalsQueryKey, exact: true }),
  });
}
