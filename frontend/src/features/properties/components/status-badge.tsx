import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { PropertyStatus } from '@/generated/types';
import { useArabicFirst } from '@/lib/bilingual';
import { statusLabel } from './listing-text';

/**
 * Active in the default style, pending secondary; a listing that found its buyer or tenant
 * outlined; an archived one, kept but off the market, outlined and faded.
 */
const STYLES: Record<PropertyStatus, Pick<BadgeProps, 'variant' | 'className'>> = {
  active: { variant: 'default' },
  pending: { variant: 'secondary' },
  sold: { variant: 'outline' },
  rented: { variant: 'outline' },
  archived: { variant: 'outline', className: 'border-dashed text-muted-foreground' },
};

/** A listing's status badge (core §2; rented and archived from issue 39). */
export function StatusBadge({ status }: { status: PropertyStatus }) {
  const arabicFirst = useArabicFirst();
  return <Badge {...STYLES[status]}>{statusLabel(status, arabicFirst)}</Badge>;
}
