// A portal's words for Aqar's catalog (issue 41, the Portals screen's mappings), which the
// property form reads to tell whether a portal can place the listing's type and location.
// Read under the Portals screen's key, so that a mapping changed there is read again here;
// inside the form they stay fresh as long as the form's other catalogs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { constants } from '@/lib/rules';
import type { MappingPortal, PortalMappingRow } from '../portals-types';

export function portalMappingsQueryKey(portal: MappingPortal) {
  return ['/api/portals', portal, 'mappings'] as const;
}

// generated later: until `@/generated/api` has this path, its call is typed here.
type GetMappings = (
  path: '/api/portals/{portal}/mappings',
  init: { params: { path: { portal: MappingPortal } } },
) => Promise<{ data?: PortalMappingRow[]; response: Response }>;

export function getPortalMappings(portal: MappingPortal): Promise<PortalMappingRow[]> {
  const get = api.GET as unknown as GetMappings;
  return dataOf(get('/api/portals/{portal}/mappings', { params: { path: { portal } } }));
}

export function portalMappingsQueryOptions(portal: MappingPortal) {
  return queryOptions({
    queryKey: portalMappingsQueryKey(portal),
    queryFn: () => getPortalMappings(portal),
    staleTime: constants().formCatalogFreshMs,
  });
}

export function usePortalMappings(portal: MappingPortal) {
  return useQuery(portalMappingsQueryOptions(portal));
}
