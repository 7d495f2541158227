import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { constants } from '@/lib/rules';
import { cn } from '@/lib/utils';

/** A record's place in the list and whether the public site shows it. */
export function RecordBadges({ displayOrder, isActive }: { displayOrder: number; isActive: boolean }) {
  const { t } = useTranslation('services');
  return (
    <div className="flex flex-wrap gap-2">
      <Badge variant="outline">{t('order', { order: displayOrder })}</Badge>
      <Badge variant={isActive ? 'success' : 'secondary'}>{isActive ? t('active') : t('inactive')}</Badge>
    </div>
  );
}

/** The stars of a rating, filled up to it; read out as '4 out of 5 stars'. */
export function StarIcons({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation('services');
  const { ratingMax } = constants();
  return (
    <span role="img" aria-label={t('stars', { rating, max: ratingMax })} className="inline-flex gap-0.5">
      {Array.from({ length: ratingMax }, (_, index) => (
        <Star
          key={index}
          aria-hidden
          className={cn(
            index < rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/40',
            className ?? 'size-4',
          )}
        />
      ))}
    </span>
  );
}
