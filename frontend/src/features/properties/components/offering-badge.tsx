import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { OfferingType, RentFrequency } from '@/generated/types';

export interface OfferingBadgeProps {
  offeringType: OfferingType;
  /** A rental's period, which its price is for. */
  rentFrequency?: RentFrequency | null | undefined;
}

/** 'For sale', or 'For rent · monthly' naming the period a rental's price is for (issue 39). */
export function OfferingBadge({ offeringType, rentFrequency }: OfferingBadgeProps) {
  const { t } = useTranslation('properties');
  if (offeringType === 'sale') return <Badge variant="outline">{t('offering.sale')}</Badge>;
  return (
    <Badge variant="outline" className="border-sky-300 bg-sky-50 text-sky-900">
      {rentFrequency == null ? t('offering.rent') : t('offering.rentEvery', { period: t(`offering.periods.${rentFrequency}`) })}
    </Badge>
  );
}
