// The API types of issue 41 (portal feeds) that the generated types do not hold yet: each
// mirrors the contract's name, so that once `@/generated/types` is regenerated every import
// of this module becomes an import from there and this file goes.
import type {
  CompanySettings as CompanySettingsBefore,
  Property as PropertyBefore,
  PropertyBulkAction as PropertyBulkActionBefore,
  PropertyBulkRequest as PropertyBulkRequestBefore,
  PropertyFilter as PropertyFilterBefore,
  PropertyInput as PropertyInputBefore,
  PropertyStats as PropertyStatsBefore,
} from '@/generated/types';

// generated later
export type Portal = 'website' | 'propertyFinder' | 'bayut' | 'dubizzle';

// generated later
export type FeedPortal = 'propertyFinder' | 'bayut' | 'dubizzle';

// generated later
export type MappingPortal = 'propertyFinder' | 'bayut';

// generated later
export type CompletionStatus = 'ready' | 'offPlan';

// generated later
export type MappingKind = 'category' | 'propertyType' | 'country' | 'city' | 'region';

// generated later
export type ReadinessCode =
  | 'permit'
  | 'coordinates'
  | 'photos'
  | 'typeUnmapped'
  | 'locationUnmapped'
  | 'rentPeriod'
  | 'titleEn'
  | 'titleAr'
  | 'descriptionEn'
  | 'descriptionAr'
  | 'agent';

// generated later
export interface ReadinessReason {
  code: ReadinessCode;
  en: string;
  ar: string;
}

// generated later
export interface PortalReadiness {
  portal: FeedPortal;
  chosen: boolean;
  ready: boolean;
  reasons: ReadinessReason[];
}

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

// generated later
export type PropertyInput = PropertyInputBefore & {
  publishTo?: Portal[] | null;
  completionStatus: CompletionStatus;
};

// generated later (the record carries `readiness`, a list row `blockedFor`)
export type Property = PropertyBefore & {
  publishTo: Portal[];
  completionStatus: CompletionStatus;
  readiness?: PortalReadiness[];
  blockedFor?: FeedPortal[];
};

// generated later
export type PropertyFilter = PropertyFilterBefore & {
  publishTo?: Portal | null;
  blockedFor?: FeedPortal | null;
};

// generated later
export type PropertyBulkAction = PropertyBulkActionBefore | 'addPortal' | 'removePortal';

// generated later
export type PropertyBulkRequest = Omit<PropertyBulkRequestBefore, 'action' | 'filter'> & {
  action?: PropertyBulkAction | null;
  filter?: PropertyFilter | null;
};

// generated later
export type CompanySettings = CompanySettingsBefore & { defaultPublishTo: Portal[] };

// generated later (the contract names no type for one entry of the stats' `portals`)
export interface PortalListingCounts {
  portal: FeedPortal;
  chosen: number;
  ready: number;
  blocked: number;
}

// generated later
export type PropertyStats = PropertyStatsBefore & { portals: PortalListingCounts[] };
