import { Badge } from '@/components/ui/badge';
import type { PropertyStatus } from '@/generated/types';
import { useArabicFirst } from '@/lib/bilingual';
import { statusLabel } from './listing-text';

const VARIANTS = { active: 'default', pending: 'secondary', sold: 'outline' } as const;

/** A listing's status: active in the default style, pending secondary, others outlined (core §2). */
export function StatusBadge({ status }: { status: PropertyStatus }) {
  const arabicFirst = useArabicFirst();
  return <Badge variant={VARIANTS[status]}>{statusLabel(status, arabicFirst)}</Badge>;
}
