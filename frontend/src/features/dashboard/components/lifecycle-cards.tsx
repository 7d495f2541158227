import { Archive, BadgeCheck, CalendarClock, KeyRound, ShieldAlert, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/lib/format';
import { useStats, type PropertyStats } from '../api/get-stats';

type LifecycleFigure = 'rented' | 'archived' | 'permitsExpiring' | 'heldBack' | 'goodQuality';

interface FigureCard {
  figure: LifecycleFigure;
  icon: LucideIcon;
  /** The figure as shown, from the stats. */
  value: (stats: PropertyStats, f: ReturnType<typeof useFormat>) => string | null;
  /** The properties list narrowed to what the figure counts, where the list can be, and the link's text. */
  link?: { href: string; label: 'rentedLink' | 'archivedLink' | 'goodQualityLink' };
}

/**
 * The list has no filter for a permit's expiry or for being held back (those are decided at
 * each public read), so those two figures link nowhere; the quality share opens the active
 * listings weakest first, the ones to raise.
 */
const CARDS: readonly FigureCard[] = [
  { figure: 'rented', icon: KeyRound, value: (stats, f) => f.number(stats.rentedListings), link: { href: '/properties?status=rented', label: 'rentedLink' } },
  { figure: 'archived', icon: Archive, value: (stats, f) => f.number(stats.archivedListings), link: { href: '/properties?status=archived', label: 'archivedLink' } },
  { figure: 'permitsExpiring', icon: CalendarClock, value: (stats, f) => f.number(stats.permitsExpiring) },
  { figure: 'heldBack', icon: ShieldAlert, value: (stats, f) => f.number(stats.heldBackByPermit) },
  {
    figure: 'goodQuality',
    icon: BadgeCheck,
    value: (stats, f) =>
      stats.qualityShare == null ? null : f.number(stats.qualityShare, { style: 'percent', maximumFractionDigits: 0 }),
    link: { href: '/properties?status=active&sort=quality', label: 'goodQualityLink' },
  },
];

/**
 * The listings' lifecycle and advertising (issue 39): rentals let, listings archived, permits
 * running out within 14 days, active listings the public site holds back for want of a valid
 * permit, and the share of active listings of good quality (scoring 80 or more).
 */
export function LifecycleCards() {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const stats = useStats();
  const titleId = useId();
  // The stat cards above say when the figures could not be read.
  if (stats.isError) return null;
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('lifecycle.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {CARDS.map(({ figure, icon: Icon, value, link }) => {
          const shown = stats.data === undefined ? undefined : value(stats.data, f);
          return (
            <Card key={figure} className="flex flex-col">
              <CardHeader className="flex-row items-start justify-between gap-2 pb-2">
                <CardTitle className="text-sm font-medium text-muted-foreground">{t(`lifecycle.${figure}`)}</CardTitle>
                <Icon className="size-5 shrink-0 text-primary" aria-hidden />
              </CardHeader>
              <CardContent className="grid flex-1 content-between gap-2">
                <p className="text-3xl font-bold">
                  {shown === undefined ? (
                    <Spinner label={t('common.loading', { ns: 'translation' })} />
                  ) : shown === null ? (
                    <span className="text-muted-foreground">
                      <span aria-hidden>—</span>
                      <span className="sr-only">{t('lifecycle.unknown')}</span>
                    </span>
                  ) : (
                    shown
                  )}
                </p>
                <p className="text-xs text-muted-foreground">{t(`lifecycle.${figure}Hint`)}</p>
                {link !== undefined && (
                  <Link to={link.href} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                    {t(`lifecycle.${link.label}`)}
                  </Link>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
