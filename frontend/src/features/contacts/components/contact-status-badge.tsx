import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { ContactStatus } from '@/generated/types';

const VARIANTS = { pending: 'secondary', responded: 'default', closed: 'outline' } as const;

export function isContactStatus(status: string): status is ContactStatus {
  return status in VARIANTS;
}

/** A request's status: pending secondary, responded in the default style, closed outlined. */
export function ContactStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('contacts');
  if (!isContactStatus(status)) return <Badge variant="outline">{status}</Badge>;
  return <Badge variant={VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}
