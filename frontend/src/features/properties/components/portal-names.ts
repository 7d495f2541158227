// The portals as the rules list them, and each one's name in the interface language: the
// rules spell the English names, the vocabulary file the Arabic ones.
import type { FeedPortal, Portal } from '@/generated/types';
import { useTermLabel } from '@/lib/bilingual';
import { vocabulary } from '@/lib/rules';

/** Where a listing can be published, in the rules' order. */
export function portals(): Portal[] {
  return vocabulary('portals').map((term) => term.value as Portal);
}

/** The portals that read a feed (every one but the agency's own website), in the rules' order. */
export function feedPortals(): FeedPortal[] {
  return vocabulary('feedPortals').map((term) => term.value as FeedPortal);
}

/** `name(portal)`: a portal's name in the interface language. */
export function usePortalName(): (portal: Portal) => string {
  const termLabel = useTermLabel();
  const terms = vocabulary('portals');
  return (portal) => termLabel('portals', terms.find((term) => term.value === portal) ?? { value: portal, label: portal });
}
