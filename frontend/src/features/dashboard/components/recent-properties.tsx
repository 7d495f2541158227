import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { continentLabel, propertiesPageQueryOptions, StatusBadge } from '@/features/properties';
import { latinValue, pickText, useArabicFirst } from '@/lib/bilingual';
import { constants } from '@/lib/rules';
import { useFormat } from '@/lib/format';

/** The number badge: the property number without its '#', else the row's place from 1. */
function numberBadge(propertyNumber: string | null | undefined, index: number): string {
  const number = (propertyNumber ?? '').replace(/^#/, '');
  return number === '' ? String(index + 1) : number;
}

/**
 * 'Recent Properties' (core-panel §2): the newest listings with number badge, title (Arabic
 * in an Arabic interface), location (or else continent), status, and the price with '$' and the currency.
 */
/**
 * The location as the specification has it in English: the English location, else (below)
 * the continent, never the Arabic location; an Arabic interface takes the Arabic one first.
 */
function recentLocation(property: { locationEn: string; locationAr: string }, arabicFirst: boolean): string {
  return arabicFirst ? pickText(true, property.locationEn, property.locationAr) : property.locationEn.trim();
}

export function RecentProperties() {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const arabicFirst = useArabicFirst();
  const recent = useQuery(propertiesPageQueryOptions({ page: 1, pageSize: constants().dashboardProperties, sort: '-createdAt' }));
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('recentProperties')}</CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to="/properties">{t('viewAll')}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {recent.isError ? (
          <QueryError error={recent.error} />
        ) : recent.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('common.loading', { ns: 'translation' })}
          </p>
        ) : recent.data.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('noProperties')}</p>
        ) : (
          <ul className="grid gap-3">
            {recent.data.rows.map((property, index) => (
              <li key={property.id} className="flex min-w-0 items-center gap-3 rounded-lg border border-border p-3">
                <Badge variant="secondary" className="min-w-10 font-mono" {...latinValue}>
                  {numberBadge(property.propertyNumber, index)}
                </Badge>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{pickText(arabicFirst, property.titleEn, property.titleAr)}</p>
                  <p className="truncate text-sm text-muted-foreground">
                    {recentLocation(property, arabicFirst) ||
                      (property.continent == null ? '' : continentLabel(property.continent, arabicFirst))}
                  </p>
                </div>
                <div className="grid justify-items-end gap-1">
                  <StatusBadge status={property.status} />
                  <span className="text-sm font-semibold whitespace-nowrap" {...latinValue}>
                    {t('price', { price: f.number(property.price), currency: property.currency })}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
