import { History } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/account';
import type { Entity } from '@/generated/types';
import { errorMessage } from '@/lib/api-client';
import { constants } from '@/lib/rules';
import { useRecordHistory, type HistoryEntry } from '../api/get-record-history';
import { fieldName, valueText } from './change-text';

export interface RecordHistoryProps {
  entity: Entity;
  id: number;
}

function formatWhen(at: string): string {
  return new Date(at).toLocaleString();
}

function Entry({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation('history');
  const languages = { En: t('english'), Ar: t('arabic') };
  const who = entry.username ?? t('visitor');
  return (
    <li className="grid gap-1 border-b border-border py-2 last:border-b-0">
      <p className="text-sm">
        <span className="font-medium">{t(`did.${entry.action}`, { who })}</span>{' '}
        <time dateTime={entry.at} className="text-muted-foreground">
          {formatWhen(entry.at)}
        </time>
      </p>
      {entry.action === 'update' && entry.changes.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('noChanges')}</p>
      )}
      {entry.action === 'update' && entry.changes.length > 0 && (
        <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
          {entry.changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="text-muted-foreground">{fieldName(change.field, languages)}</dt>
              <dd className="break-words">
                <del className="text-muted-foreground">{valueText(change.old) || t('empty')}</del>
                {' → '}
                <ins className="no-underline">{valueText(change.new) || t('empty')}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

function Entries({ entity, id }: RecordHistoryProps) {
  const { t } = useTranslation('history');
  const history = useRecordHistory(entity, id, true);
  if (history.isPending) return <Spinner label={t('loading')} />;
  if (history.isError) return <p role="alert" className="text-sm text-destructive">{errorMessage(history.error)}</p>;
  const { rows, total } = history.data;
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('none')}</p>;
  return (
    <>
      <ul aria-label={t('title')} className="max-h-64 overflow-y-auto pe-2">
        {rows.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ul>
      {total > rows.length && <p className="text-xs text-muted-foreground">{t('older', { count: total - rows.length })}</p>}
    </>
  );
}

function Panel({ entity, id }: RecordHistoryProps) {
  const { t } = useTranslation('history');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="grid gap-2 rounded-lg border border-border p-3">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
      >
        <History aria-hidden />
        {open ? t('hide') : t('show')}
      </Button>
      <div id={panelId} hidden={!open}>
        {open && <Entries entity={entity} id={id} />}
      </div>
    </section>
  );
}

/**
 * A record's history of changes inside its edit dialog: who changed what, when, with old
 * and new values; shown to administrators only, who alone may read the history.
 */
export function RecordHistory(props: RecordHistoryProps) {
  const { user } = useAuth();
  if (user?.role !== constants().adminRole) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
