import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDailyCounts } from '@/features/contacts';
import { useStats } from '../api/get-stats';
import type { ChartSpec } from './draw-chart';

export interface Row {
  label: string;
  /** One figure per series. */
  values: number[];
}

/**
 * One chart with its table: the canvas is drawn by chart.js (fetched when first needed), is
 * named for assistive technology by its summary, and the same figures can be read as a table.
 */
export function ChartCard({
  title,
  rows,
  spec,
  headers,
}: {
  title: string;
  rows: Row[];
  spec: Pick<ChartSpec, 'kind' | 'colors'>;
  /** The rows' header, then each series' name. */
  headers: [string, ...string[]];
}) {
  const { t, i18n } = useTranslation('dashboard');
  const rtl = i18n.dir() === 'rtl';
  const [asTable, setAsTable] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(rows);

  useEffect(() => {
    if (asTable || canvas.current === null) return undefined;
    const target = canvas.current;
    let remove: (() => void) | undefined;
    let cancelled = false;
    import('./draw-chart').then(
      ({ drawChart }) => {
        if (cancelled) return;
        const series = headers.slice(1).map((name, index) => ({ name, values: rows.map((row) => row.values[index] ?? 0) }));
        remove = drawChart(target, { ...spec, rtl, labels: rows.map((row) => row.label), series });
      },
      () => {
        setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      remove?.();
    };
    // The figures, not the arrays' identities, decide a redraw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asTable, key, rtl]);

  const summary = rows.map((row) => `${row.label}: ${row.values.join(' / ')}`).join(', ');
  const showTable = asTable || failed;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        {!failed && (
          <Button
            variant="outline"
            size="sm"
            aria-pressed={asTable}
            onClick={() => {
              setAsTable(!asTable);
            }}
          >
            {asTable ? t('showChart') : t('showTable')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {showTable ? (
          <div className="max-h-64 overflow-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="text-start text-muted-foreground">
                  <th scope="col" className="py-1 font-medium">
                    {headers[0]}
                  </th>
                  {headers.slice(1).map((header) => (
                    <th key={header} scope="col" className="py-1 text-end font-medium">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label} className="border-t border-border">
                    <th scope="row" className="py-1 text-start font-normal">
                      {row.label}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={headers[index + 1]} className="py-1 text-end">
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="relative h-64">
            <canvas ref={canvas} role="img" aria-label={`${title}. ${summary}`} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Inquiries per day over the last 30 days, and listings by status (issue 9). */
export function DashboardCharts() {
  const { t } = useTranslation('dashboard');
  const daily = useDailyCounts();
  const stats = useStats();
  if (daily.isError) return <QueryError error={daily.error} />;
  if (stats.isError) return <QueryError error={stats.error} />;
  if (daily.data === undefined || stats.data === undefined) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('loadingCharts')}
      </p>
    );
  }
  const days = daily.data.map((day) => ({ label: day.date.slice(5), values: [day.count] }));
  const listings = [
    { label: t('status.active'), values: [stats.data.activeListings] },
    { label: t('status.pendingListing'), values: [stats.data.pendingListings] },
    { label: t('status.sold'), values: [stats.data.soldListings] },
    { label: t('status.rented'), values: [stats.data.rentedListings] },
    { label: t('status.archived'), values: [stats.data.archivedListings] },
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <ChartCard
          title={t('inquiriesPerDay')}
          rows={days}
          spec={{ kind: 'bar', colors: ['#2563eb'] }}
          headers={[t('day'), t('inquiries')]}
        />
      </div>
      <ChartCard
        title={t('listingsByStatus')}
        rows={listings}
        spec={{ kind: 'doughnut', colors: ['#16a34a', '#f59e0b', '#64748b', '#0284c7', '#a8a29e'] }}
        headers={[t('statusHeader'), t('listings')]}
      />
    </div>
  );
}
