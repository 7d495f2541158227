// A listing's asking prices over time (issue 39): a small step chart with the first and the
// last price written beside it, and every price, dated, in a table that can be opened. The
// chart is drawn in SVG here (no chart library for one line) and is hidden from assistive
// technology, which reads the labels and the table instead.
import { useTranslation } from 'react-i18next';
import { MIRROR_IN_RTL } from '@/components/mirrored';
import { useFormat, type Formatter } from '@/lib/format';
import { cn } from '@/lib/utils';

export interface PricePoint {
  /** When the price was set (RFC 3339). */
  at: string;
  price: number;
  currency: string;
  /** How often a rent is paid; none for a sale price. */
  rentFrequency: string | null;
}

export interface PriceHistoryChartProps {
  /** Oldest first. */
  points: readonly PricePoint[];
  className?: string;
}

const RENT_PERIODS = ['yearly', 'monthly', 'weekly', 'daily'] as const;
type RentPeriod = (typeof RENT_PERIODS)[number];

function isRentPeriod(value: string | null): value is RentPeriod {
  return (RENT_PERIODS as readonly (string | null)[]).includes(value);
}

/** The chart's drawing box; the SVG is stretched over the whole width and 8rem. */
const WIDTH = 100;
const HEIGHT = 100;
/** Room above and below the line, so that its thick stroke and dots are not cut. */
const MARGIN = 10;

/**
 * Each point's place in the drawing box: across by its date (by its rank when the dates do
 * not tell the points apart), up by its price between the lowest and the highest.
 */
function plot(points: readonly PricePoint[]): { x: number; y: number }[] {
  const times = points.map((point) => Date.parse(point.at));
  const first = times[0] ?? 0;
  const span = (times.at(-1) ?? 0) - first;
  const byTime = times.every(Number.isFinite) && span > 0;
  const prices = points.map((point) => point.price);
  const low = Math.min(...prices);
  const range = Math.max(...prices) - low;
  return points.map((point, index) => ({
    x: (byTime ? ((times[index] ?? first) - first) / span : index / Math.max(points.length - 1, 1)) * WIDTH,
    y: range === 0 ? HEIGHT / 2 : HEIGHT - MARGIN - ((point.price - low) / range) * (HEIGHT - 2 * MARGIN),
  }));
}

/** A price holds until the next one: across at its height, then up or down to the next. */
function stepPath(places: readonly { x: number; y: number }[]): string {
  return places.map(({ x, y }, index) => (index === 0 ? `M${x} ${y}` : `H${x} V${y}`)).join(' ');
}

/** The amount in its currency, in the interface's language and digits. */
function amount(format: Formatter, point: PricePoint): string {
  try {
    // The currency's own decimals (JOD has three), none for a whole amount.
    return format.number(point.price, {
      style: 'currency',
      currency: point.currency,
      maximumFractionDigits: undefined,
      trailingZeroDisplay: 'stripIfInteger',
    });
  } catch {
    // Not a currency code Intl accepts: the amount, then the code as stored.
    return format.money(point.price, point.currency);
  }
}

function usePriceText() {
  const { t } = useTranslation('propertyForm');
  const format = useFormat();
  return (point: PricePoint) => {
    const price = amount(format, point);
    const period = point.rentFrequency;
    if (period === null) return price;
    return t('priceHistory.withPeriod', {
      price,
      period: isRentPeriod(period) ? t(`priceHistory.per.${period}`) : period,
    });
  };
}

function PriceLabel({ point, className }: { point: PricePoint; className?: string }) {
  const format = useFormat();
  const priceText = usePriceText();
  return (
    <p className={cn('grid gap-0.5', className)}>
      <span className="text-sm font-semibold">{priceText(point)}</span>
      <span className="text-xs text-muted-foreground">{format.date(point.at)}</span>
    </p>
  );
}

export function PriceHistoryChart({ points, className }: PriceHistoryChartProps) {
  const { t } = useTranslation('propertyForm');
  const format = useFormat();
  const priceText = usePriceText();
  const first = points[0];
  const last = points.at(-1);

  if (first === undefined || last === undefined) {
    return <p className={cn('text-sm text-muted-foreground', className)}>{t('priceHistory.empty')}</p>;
  }
  if (points.length === 1) return <PriceLabel point={first} className={className} />;

  const places = plot(points);
  const line = stepPath(places);
  return (
    <div className={cn('grid gap-2', className)}>
      {/* Time runs from the page's start side: right to left in Arabic. */}
      <svg
        aria-hidden
        focusable="false"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className={cn('h-32 w-full overflow-visible text-primary', MIRROR_IN_RTL)}
      >
        <path d={`${line} V${HEIGHT} H0 Z`} className="fill-primary/10" stroke="none" />
        <path d={line} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
        {/* Round dots whatever the stretch: zero-length strokes with round caps, in screen pixels. */}
        {places.map(({ x, y }, index) => (
          <path
            key={index}
            d={`M${x} ${y} h0`}
            stroke="currentColor"
            strokeWidth={6}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <div className="flex justify-between gap-4">
        <PriceLabel point={first} />
        <PriceLabel point={last} className="text-end" />
      </div>
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {t('priceHistory.showAll')}
        </summary>
        <table className="mt-2 w-full text-start">
          <caption className="sr-only">{t('priceHistory.caption')}</caption>
          <thead>
            <tr className="border-b border-border text-muted-foreground">
              <th scope="col" className="py-1 pe-4 text-start font-medium">
                {t('priceHistory.date')}
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                {t('priceHistory.price')}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point, index) => (
              <tr key={index} className="border-b border-border last:border-0">
                <td className="py-1 pe-4 whitespace-nowrap">{format.date(point.at)}</td>
                <td className="py-1">{priceText(point)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
