import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { cn } from '@/lib/utils';
import { qualityBand, type QualityBand } from './property-form/quality-panel';

/** Each band's colours, its text 4.5:1 on its background; the band is also said in words. */
const BAND_STYLES: Record<QualityBand, string> = {
  good: 'bg-emerald-100 text-emerald-800',
  fair: 'bg-amber-100 text-amber-900',
  poor: 'bg-red-100 text-red-800',
};

/** A listing's quality score (0-100, issue 39) coloured by band: good from 80, fair from 50, else poor. */
export function QualityScore({ score }: { score: number }) {
  const { t } = useTranslation('properties');
  const f = useFormat();
  const band = qualityBand(score);
  return (
    <span
      data-band={band}
      title={t(`quality.${band}`)}
      className={cn('inline-flex min-w-9 justify-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums', BAND_STYLES[band])}
    >
      {f.number(score)}
      <span className="sr-only">{` (${t(`quality.${band}`)})`}</span>
    </span>
  );
}
