// How complete a listing is (issue 39): its quality score out of 100 as a meter coloured by
// band, and what would raise it, each fix with the points it brings. The fixes' messages
// come from the server already in the user's language.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useFormat } from '@/lib/format';
import { cn } from '@/lib/utils';

export interface QualityFix {
  code: string;
  message: string;
  points: number;
}

export interface ListingQuality {
  /** From 0 to 100. */
  score: number;
  fixes: readonly QualityFix[];
}

export interface QualityPanelProps {
  quality: ListingQuality;
  className?: string;
}

export const MAX_QUALITY_SCORE = 100;

export type QualityBand = 'good' | 'fair' | 'poor';

/** Good from 80, fair from 50, poor under 50. */
export function qualityBand(score: number): QualityBand {
  if (score >= 80) return 'good';
  if (score >= 50) return 'fair';
  return 'poor';
}

/**
 * The meter's fill (3:1 against its track) and the band's name (its text 4.5:1 on its
 * background); the name says the band to whoever cannot tell the colours apart.
 */
const BAND_STYLES: Record<QualityBand, { fill: string; name: string }> = {
  good: { fill: 'bg-emerald-600', name: 'bg-emerald-100 text-emerald-800' },
  fair: { fill: 'bg-amber-600', name: 'bg-amber-100 text-amber-900' },
  poor: { fill: 'bg-red-600', name: 'bg-red-100 text-red-800' },
};

export function QualityPanel({ quality: { score, fixes }, className }: QualityPanelProps) {
  const { t } = useTranslation('propertyForm');
  const format = useFormat();
  const titleId = useId();
  const band = qualityBand(score);
  const bandName = t(`quality.bands.${band}`);
  const shown = { score: format.number(score), max: format.number(MAX_QUALITY_SCORE) };
  const complete = score >= MAX_QUALITY_SCORE;
  const fill = Math.min(Math.max(score, 0), MAX_QUALITY_SCORE);

  return (
    <section aria-labelledby={titleId} className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {t('quality.score', shown)}
        </h3>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', BAND_STYLES[band].name)}>{bandName}</span>
      </div>
      <div
        role="meter"
        aria-labelledby={titleId}
        aria-valuemin={0}
        aria-valuemax={MAX_QUALITY_SCORE}
        aria-valuenow={score}
        aria-valuetext={t('quality.valueText', { ...shown, band: bandName })}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full', BAND_STYLES[band].fill)} style={{ width: `${fill}%` }} />
      </div>
      {complete ? (
        <p className="text-sm text-muted-foreground">{t('quality.complete')}</p>
      ) : (
        fixes.length > 0 && (
          <div className="grid gap-2">
            <p className="text-sm font-medium">{t('quality.toRaise')}</p>
            <ul className="grid gap-1.5">
              {fixes.map((fix) => (
                <li key={fix.code} className="flex items-start justify-between gap-3 text-sm">
                  <span>{fix.message}</span>
                  <Badge variant="outline" className="shrink-0">
                    {t('quality.points', { points: format.number(fix.points) })}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        )
      )}
    </section>
  );
}
