import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useFormat } from '@/lib/format';

/** Where a listing stands in its publishing window: not yet shown, no longer shown, or neither. */
export type PublishingPhase = 'scheduled' | 'ended' | null;

/**
 * 'scheduled' while `publishAt` is still to come, 'ended' once `unpublishAt` has passed (the
 * public site shows a listing from the one until the other), null otherwise.
 */
export function publishingPhase(
  publishAt: string | null | undefined,
  unpublishAt: string | null | undefined,
  now: number,
): PublishingPhase {
  if (unpublishAt != null && Date.parse(unpublishAt) <= now) return 'ended';
  if (publishAt != null && Date.parse(publishAt) > now) return 'scheduled';
  return null;
}

export interface PublishingBadgeProps {
  publishAt?: string | null | undefined;
  unpublishAt?: string | null | undefined;
}

/**
 * 'Scheduled' or 'Ended' beside a listing's status (issue 39), the instant in its hint; nothing
 * for a listing the public site shows by its window. Judged when the row is first shown.
 */
export function PublishingBadge({ publishAt, unpublishAt }: PublishingBadgeProps) {
  const { t } = useTranslation('properties');
  const f = useFormat();
  const [now] = useState(Date.now);
  const phase = publishingPhase(publishAt, unpublishAt, now);
  if (phase === null) return null;
  const at = phase === 'scheduled' ? publishAt : unpublishAt;
  const hint = t(`publishing.${phase}Hint`, { at: f.dateTime(at ?? '') });
  return (
    <Badge variant="secondary" className="border-dashed border-border" title={hint}>
      {t(`publishing.${phase}`)}
      <span className="sr-only">{`: ${hint}`}</span>
    </Badge>
  );
}
