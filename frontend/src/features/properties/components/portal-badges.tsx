// Where a listing is published (issue 41), as the properties list shows it: a small badge
// per portal in its publishTo set, red where the portal's feed would refuse it as it is.
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { FeedPortal, Portal } from '@/generated/types';
import { usePortalName } from './portal-names';

export interface PortalBadgesProps {
  publishTo: readonly Portal[];
  /** The portals of `publishTo` that would refuse the listing. */
  blockedFor: readonly FeedPortal[];
}

function isBlocked(portal: Portal, blockedFor: readonly FeedPortal[]): boolean {
  return (blockedFor as readonly Portal[]).includes(portal);
}

export function PortalBadges({ publishTo, blockedFor }: PortalBadgesProps) {
  const { t } = useTranslation('properties');
  const portalName = usePortalName();
  if (publishTo.length === 0) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden>—</span>
        <span className="sr-only">{t('portals.none')}</span>
      </span>
    );
  }
  return (
    <span className="flex flex-wrap gap-1">
      {publishTo.map((portal) => {
        const name = portalName(portal);
        if (!isBlocked(portal, blockedFor)) {
          return (
            <Badge key={portal} variant="outline">
              {name}
            </Badge>
          );
        }
        const hint = t('portals.blockedHint', { portal: name });
        return (
          <Badge key={portal} variant="destructive" title={hint}>
            {t('portals.blocked', { portal: name })}
            <span className="sr-only">{`: ${hint}`}</span>
          </Badge>
        );
      })}
    </span>
  );
}
