// Issue 41's payloads and answers, written by hand from /work/plan/portals-contract.md while
// the server that owns them is being built. Each carries the name the generated types will
// give it, so that once `@/generated/types` has them this file is deleted and its importers
// import from there instead.
import type {
  CompanySettings as GeneratedCompanySettings,
  SettingsInput as GeneratedSettingsInput,
} from '@/generated/types';

// generated later
/** Where a listing is published (publishTo values). */
export type Portal = 'website' | 'propertyFinder' | 'bayut' | 'dubizzle';

// generated later
/** A portal whose mappings, webhook secret and feed Aqar keeps; dubizzle reads Bayut's. */
export type MappingPortal = 'propertyFinder' | 'bayut';

// generated later
/** What of Aqar's catalogue a portal's word is given for. */
export type MappingKind = 'category' | 'propertyType' | 'country' | 'city' | 'region';

// generated later
export interface PortalCounts {
  ready: number;
  blocked: number;
  unmapped: number;
}

// generated later
/** GET /api/portals: one per mapping portal; the secret itself is never answered. */
export interface PortalSettings {
  portal: MappingPortal;
  secretSet: boolean;
  webhookUrl: string;
  counts: PortalCounts;
}

// generated later
/** PUT /api/portals/{portal}/secret; 8 to 200 characters, an empty string clears it. */
export interface PortalSecretInput {
  secret: string;
}

// generated later
/** GET /api/portals/{portal}/mappings: one catalogue record and the portal's word for it, if any. */
export interface PortalMappingRow {
  kind: MappingKind;
  recordId: number;
  nameEn: string;
  nameAr: string;
  /** A city's country or a region's city, in English. */
  parent: string | null;
  mappingId: number | null;
  value: string | null;
  suggestion: string | null;
}

// generated later
/** PUT /api/portals/{portal}/mappings/{kind}/{recordId}. */
export interface PortalMappingInput {
  value: string;
}

// generated later
export interface PortalMapping {
  id: number;
  portal: MappingPortal;
  kind: MappingKind;
  recordId: number;
  value: string;
  updatedAt: string;
}

// generated later
/** GET /api/portals/deliveries: one webhook call a portal made, newest first. */
export interface PortalDelivery {
  id: number;
  portal: MappingPortal;
  receivedAt: string;
  /** The HTTP status Aqar answered. */
  status: number;
  error: string | null;
  leadId: string | null;
  contactRequestId: number | null;
}

// generated later
/** GET /api/feed-tokens: the live token of a feed (at most one each). */
export interface FeedToken {
  id: number;
  feed: MappingPortal;
  token: string;
  url: string;
  createdAt: string;
  createdBy: string | null;
}

// generated later
/** POST /api/feed-tokens. */
export interface FeedTokenInput {
  feed: MappingPortal;
}

// generated later
/** The settings record gains the portals a new listing is published to. */
export type CompanySettings = GeneratedCompanySettings & { defaultPublishTo: Portal[] };

// generated later
/** The settings payload gains the same; none keeps the set stored (["website"] at first). */
export type SettingsInput = GeneratedSettingsInput & { defaultPublishTo?: Portal[] | null };

// generated later
/** What a call of issue 41's paths may carry: the subset of the API client's options used. */
export interface PendingCall {
  params?: { path?: Record<string, string | number> };
  body?: unknown;
}

// generated later
/** The answers of issue 41's paths, by method and path, as `@/generated/api` will type them. */
export interface PendingAnswers {
  GET: {
    '/api/portals': PortalSettings[];
    '/api/portals/{portal}/mappings': PortalMappingRow[];
    '/api/portals/deliveries': PortalDelivery[];
    '/api/feed-tokens': FeedToken[];
  };
  POST: { '/api/feed-tokens': FeedToken };
  PUT: {
    '/api/portals/{portal}/secret': undefined;
    '/api/portals/{portal}/mappings/{kind}/{recordId}': PortalMapping;
  };
  DELETE: { '/api/portal-mappings/{id}': undefined; '/api/feed-tokens/{id}': undefined };
}

type PendingMethod<M extends keyof PendingAnswers> = <P extends keyof PendingAnswers[M]>(
  path: P,
  init?: PendingCall,
) => Promise<{ data?: PendingAnswers[M][P]; response: Response }>;

// generated later
/** The API client over issue 41's paths: called as `api` will be once they are generated. */
export interface PendingClient {
  GET: PendingMethod<'GET'>;
  POST: PendingMethod<'POST'>;
  PUT: PendingMethod<'PUT'>;
  DELETE: PendingMethod<'DELETE'>;
}
