// Whether a portal has words for a listing's catalog records (issue 41): the `mapped` facts
// the rules judge portal readiness by, read from that portal's mapping rows.
import type { MappingKind, PortalMappingRow } from '@/generated/types';

// `Mapped` and `MappedByPortal` are not generated: they are the rules' names (in
// rules::portals::readiness) for the `mapped` context `property.formReadiness` takes, which
// goes from the form to the WASM only. No API path takes or answers them, so neither the
// OpenAPI document nor `@/generated/types` has them; they are written here, to the rules'
// shape, beside `mappedIn`, which makes them from a portal's mapping rows.

/** Which of a portal's words the listing's catalog records have (the rules' `Mapped`). */
export interface Mapped {
  /** Its type, or else its category, names one of the portal's property types. */
  type: boolean;
  /** Its city and its region have the portal's location names. */
  location: boolean;
}

/** The mappings of each portal with words of its own (the rules' `MappedByPortal`). */
export interface MappedByPortal {
  propertyFinder: Mapped;
  bayut: Mapped;
}

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
