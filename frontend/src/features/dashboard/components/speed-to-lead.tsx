import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/query-error';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useResponseTimes } from '@/features/contacts';
import { useFormat } from '@/lib/format';
import { ChartCard } from './charts';

/**
 * How fast the business answers (issue 26): the median time to first response over 30 days,
 * the shares answered within 5 minutes and an hour, each user's figures (an admin sees every
 * user, anyone else their own), and each day's requests answered in time, late and not yet.
 */
export function SpeedToLead() {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const times = useResponseTimes();
  if (times.isError) return <QueryError error={times.error} />;
  if (times.data === undefined) return null;
  const { data } = times;
  const minutes = (value: number | null | undefined) =>
    value == null ? t('speed.none') : t('speed.minutes', { minutes: f.number(value, { maximumFractionDigits: 1 }) });
  const share = (value: number) => f.number(value, { style: 'percent', maximumFractionDigits: 0 });
  const figures = [
    { label: t('speed.median'), value: minutes(data.medianMinutes) },
    { label: t('speed.withinFive'), value: share(data.withinFiveMinutes) },
    { label: t('speed.withinHour'), value: share(data.withinAnHour) },
  ];
  const days = data.days.map((day) => ({ label: day.date.slice(5), values: [day.inTime, day.late, day.unanswered] }));
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle>{t('speed.title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-3 gap-2" data-testid="speed-figures">
            {figures.map(({ label, value }) => (
              <div key={label} className="grid gap-1">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-lg font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('speed.byUser')}</caption>
            <thead>
              <tr className="text-muted-foreground">
                <th scope="col" className="py-1 text-start font-medium">
                  {t('speed.user')}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t('speed.leads')}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t('speed.median')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.length === 0 ? (
                <tr>
                  <td colSpan={3} className="py-1 text-muted-foreground">
                    {t('speed.noLeads')}
                  </td>
                </tr>
              ) : (
                data.users.map((user) => (
                  <tr key={user.userId} className="border-t border-border">
                    <th scope="row" className="py-1 text-start font-normal">
                      {user.name}
                    </th>
                    <td className="py-1 text-end">{f.number(user.received)}</td>
                    <td className="py-1 text-end">{minutes(user.medianMinutes)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <div className="lg:col-span-2">
        <ChartCard
          title={t('speed.perDay')}
          rows={days}
          spec={{ kind: 'bar', colors: ['#16a34a', '#f59e0b', '#94a3b8'] }}
          headers={[t('day'), t('speed.inTime'), t('speed.late'), t('speed.unanswered')]}
        />
      </div>
    </div>
  );
}
