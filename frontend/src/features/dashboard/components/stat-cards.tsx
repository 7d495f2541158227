import { Building2, CheckCircle2, Mail, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/query-error';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useStats } from '../api/get-stats';
import { useFormat } from '@/lib/format';

const FIGURES: readonly { key: 'totalProperties' | 'activeListings' | 'pendingRequests'; icon: LucideIcon }[] = [
  { key: 'totalProperties', icon: Building2 },
  { key: 'activeListings', icon: CheckCircle2 },
  { key: 'pendingRequests', icon: Mail },
];

/** The three figures of the stats call (core-panel §2): nothing is shown until they arrive. */
export function StatCards() {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const stats = useStats();
  if (stats.isError) return <QueryError error={stats.error} />;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {FIGURES.map(({ key, icon: Icon }) => (
        <Card key={key}>
          <CardHeader className="flex-row items-center justify-between pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{t(key)}</CardTitle>
            <Icon className="size-5 text-primary" aria-hidden />
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-bold">
              {stats.data === undefined ? (
                <Spinner label={t('common.loading', { ns: 'translation' })} />
              ) : (
                f.number(stats.data[key])
              )}
            </p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
