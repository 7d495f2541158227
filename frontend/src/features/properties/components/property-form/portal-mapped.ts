// Whether a portal has words for a listing's catalog records (issue 41): the `mapped` facts
// the rules judge portal readiness by, read from that portal's mapping rows.
import type { Mapped, MappingKind, PortalMappingRow } from '../../portals-types';

/** The catalog records of a listing that a portal needs words for. */
export interface MappedRecords {
  categoryId?: number | null | undefined;
  typeId?: number | null | undefined;
  cityId?: number | null | undefined;
  regionId?: number | null | undefined;
}

function hasWord(rows: readonly PortalMappingRow[], kind: MappingKind, recordId: number | null | undefined): boolean {
  if (recordId == null) return false;
  return rows.some((row) => row.kind === kind && row.recordId === recordId && (row.value ?? '') !== '');
}

/**
 * The contract's reading: the type is mapped when the listing's property type, or else its
 * category, has a word; the location when its city has one and so does its region (a
 * listing without a region cannot be placed).
 */
export function mappedIn(rows: readonly PortalMappingRow[], records: MappedRecords): Mapped {
  return {
    type: hasWord(rows, 'propertyType', records.typeId) || hasWord(rows, 'category', records.categoryId),
    location: hasWord(rows, 'city', records.cityId) && hasWord(rows, 'region', records.regionId),
  };
}
