import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

/** `GET /api/map-tiles`: the tile template the map pin picker draws (the server's AQAR_MAP_TILE_URL). */
export async function getMapTiles(): Promise<string> {
  return (await dataOf(api.GET('/api/map-tiles'))).tileUrl;
}

/** The tile template changes only with the server's configuration: read once a session. */
export function mapTilesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/map-tiles'],
    queryFn: getMapTiles,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useMapTiles() {
  return useQuery(mapTilesQueryOptions());
}
