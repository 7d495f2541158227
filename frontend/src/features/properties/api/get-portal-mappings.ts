// A portal's words for Aqar's catalog (issue 41, the Portals screen's mappings), which the
// property form reads to tell whether a portal can place the listing's type and location.
// Read under the Portals screen's key, so that a mapping changed there is read again here;
// inside the form they stay fresh as long as the form's other catalogs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MappingPortal, PortalMappingRow } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { constants } from '@/lib/rules';

export function portalMappingsQueryKey(portal: MappingPortal) {
  return ['/api/portals', portal, 'mappings'] as const;
}

export function getPortalMappings(portal: MappingPortal): Promise<PortalMappingRow[]> {
  return dataOf(api.GET('/api/portals/{portal}/mappings', { params: { path: { portal } } }));
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
