// The words the screen offers for a portal: which portals have mappings, and the property
// type list a category or type is mapped onto. The lists come from the rules (WASM), as the
// server checks a saved word against the same lists.
import type { Term } from '@/generated/types';
import { vocabulary } from '@/lib/rules';
import type { MappingKind, MappingPortal } from '@/generated/types';

/** The portals whose mappings, webhook secret and feed Aqar keeps (dubizzle reads Bayut's). */
export const MAPPING_PORTALS = ['propertyFinder', 'bayut'] as const satisfies readonly MappingPortal[];

/** The kinds whose word is one of the portal's property types; places take free text. */
const TYPED_KINDS: ReadonlySet<MappingKind> = new Set(['category', 'propertyType']);

export function takesPortalType(kind: MappingKind): boolean {
  return TYPED_KINDS.has(kind);
}

/** The portal's property types: Property Finder's codes ("AP"), or Bayut's type names. */
export function portalTypes(portal: MappingPortal): Term[] {
  return vocabulary(portal === 'propertyFinder' ? 'propertyFinderTypes' : 'bayutTypes');
}

/** A type as the select shows it: its name, and its code where the portal stores a code. */
export function portalTypeLabel(term: Term): string {
  return term.label === term.value ? term.label : `${term.label} (${term.value})`;
}
