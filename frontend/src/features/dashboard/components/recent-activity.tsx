import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { englishText, Ltr } from '@/components/ltr';
import { QueryError } from '@/components/query-error';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { recordLink, useRecentActivity, whoName, type Activity } from '@/features/history';
import { constants } from '@/lib/rules';
import { useFormat } from '@/lib/format';

function Sentence({ activity }: { activity: Activity }) {
  const { t } = useTranslation('history');
  const who = whoName(activity.username, activity.action, { visitor: t('visitor'), server: t('server') });
  const entity = t(`entity.${activity.entity}`);
  const label = activity.label === null || activity.label === undefined ? '' : `“${activity.label}”`;
  // The username is an identifier and the record's label is kept in English: both stay left
  // to right inside an Arabic sentence.
  return (
    <Trans
      t={t}
      i18nKey={`activity.${activity.action}`}
      values={{ who, entity, label }}
      components={{ who: <Ltr />, label: <span {...englishText} /> }}
    />
  );
}

/**
 * Recent Activity (issue 9): the latest changes from the history of changes, each saying who
 * did what to which record and when, with a link to where the record is seen.
 */
export function RecentActivity() {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const activity = useRecentActivity(constants().statsRefetchMs);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('recentActivity')}</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.isError ? (
          <QueryError error={activity.error} />
        ) : activity.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('common.loading', { ns: 'translation' })}
          </p>
        ) : activity.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('noActivity')}</p>
        ) : (
          <ul className="grid gap-2">
            {activity.data.map((entry) => (
              <li key={entry.id} className="flex items-start justify-between gap-3 rounded-lg border border-border p-3 text-sm">
                <Link
                  to={recordLink(entry.entity, entry.recordId, entry.action === 'delete' || entry.action === 'purge')}
                  className="min-w-0 underline-offset-4 hover:underline"
                >
                  <Sentence activity={entry} />
                </Link>
                <time dateTime={entry.at} className="shrink-0 text-xs text-muted-foreground">
                  {f.dateTime(entry.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
