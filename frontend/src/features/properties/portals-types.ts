// The API types of issue 41 (portal feeds) by the names the panel's code uses: the
// generated ones, and those the generated types do not hold (the Portals screen's rows,
// whose endpoints come with the portals area, and the rules' `mapped` context of
// `property.formReadiness`, which travels to the WASM only).
export type {
  CompanySettings,
  CompletionStatus,
  FeedPortal,
  Portal,
  PortalCount as PortalListingCounts,
  PortalReadiness,
  Property,
  PropertyBulkAction,
  PropertyBulkRequest,
  PropertyFilter,
  PropertyInput,
  PropertyStats,
  Reason as ReadinessReason,
  ReasonCode as ReadinessCode,
} from '@/generated/types';

// generated later
export type MappingPortal = 'propertyFinder' | 'bayut';

// generated later
export type MappingKind = 'category' | 'propertyType' | 'country' | 'city' | 'region';

// generated later
export interface PortalMappingRow {
  kind: MappingKind;
  recordId: number;
  nameEn: string;
  nameAr: string;
  parent: string | null;
  mappingId: number | null;
  value: string | null;
  suggestion: string | null;
}

// generated later (the rules' name for one portal's part of `property.formReadiness`'s `mapped`)
export interface Mapped {
  type: boolean;
  location: boolean;
}

// generated later (the rules' name for `property.formReadiness`'s `mapped`)
export interface MappedByPortal {
  propertyFinder: Mapped;
  bayut: Mapped;
}
