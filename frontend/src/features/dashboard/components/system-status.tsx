import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { constants } from '@/lib/rules';
import { useSystemStatus } from '../api/get-system-status';
import { formatDuration } from './format';
import { useFormat } from '@/lib/format';

function Check({ ok, name, state, detail }: { ok: boolean; name: string; state: string; detail?: ReactNode }) {
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border border-border p-3">
      <span className="flex min-w-0 items-center gap-3 text-sm font-medium">
        <Icon className={ok ? 'size-5 shrink-0 text-emerald-600' : 'size-5 shrink-0 text-destructive'} aria-hidden />
        <span className="min-w-0">
          {name}
          {detail !== undefined && <span className="block text-xs font-normal text-muted-foreground">{detail}</span>}
        </span>
      </span>
      <Badge variant={ok ? 'success' : 'destructive'}>{state}</Badge>
    </li>
  );
}

/**
 * System Status (issue 9): the API answering the panel, the database answering the server
 * and how fast, the version and uptime, and when the last contact request arrived. Each
 * is read from the server when the dashboard asks, and again with its figures.
 */
export function SystemStatusCard() {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const status = useSystemStatus(constants().statsRefetchMs);
  const reached = status.isSuccess;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('systemStatus')}</CardTitle>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('common.loading', { ns: 'translation' })}
          </p>
        ) : (
          <ul className="grid gap-3">
            <Check
              ok={reached}
              name={t('api')}
              state={reached ? t('active') : t('unreachable')}
              {...(status.isError ? { detail: errorMessage(status.error) } : {})}
            />
            {reached && (
              <>
                <Check
                  ok={status.data.databaseOk}
                  name={t('database')}
                  state={status.data.databaseOk ? t('connected') : t('notAnswering')}
                  detail={t('databaseDetail', { kind: status.data.databaseKind, ms: f.number(status.data.databaseLatencyMs) })}
                />
                <li className="grid gap-1 rounded-lg border border-border p-3 text-sm">
                  <p>{t('versionUptime', { version: status.data.version, uptime: formatDuration(status.data.uptimeSecs, t) })}</p>
                  <p className="text-muted-foreground">
                    {status.data.lastContactRequestAt == null
                      ? t('noContactRequestYet')
                      : t('lastContactRequest', { at: f.dateTime(status.data.lastContactRequestAt) })}
                  </p>
                </li>
              </>
            )}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
