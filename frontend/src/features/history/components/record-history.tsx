import { History, RotateCcw } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useCloseFormDialog } from '@/components/form-dialog';
import { Ltr } from '@/components/ltr';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/account';
import type { Entity } from '@/generated/types';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { constants } from '@/lib/rules';
import { useRecordHistory, type HistoryEntry } from '../api/get-record-history';
import { whoName } from './change-text';
import { RestoreVersionDialog } from './restore-version-dialog';
import { useChangeText } from './use-change-text';

export interface RecordHistoryProps {
  entity: Entity;
  id: number;
  /**
   * Called once an earlier version was restored and every list read again; by default the
   * surrounding form dialog closes, as its form no longer holds the record as it is.
   */
  onRestored?: () => void;
}

interface EntryProps {
  entry: HistoryEntry;
  entity: Entity;
  /** Offered for every past state: not the newest change (the record now), not a deletion. */
  onRestore?: (() => void) | undefined;
}

function Entry({ entry, entity, onRestore }: EntryProps) {
  const { t } = useTranslation('history');
  const f = useFormat();
  const { fieldLabel, shown } = useChangeText(entity);
  const who = whoName(entry.username, entry.action, { visitor: t('visitor'), server: t('server') });
  return (
    <li className="grid gap-1 border-b border-border py-2 last:border-b-0">
      <p className="text-sm">
        <span className="font-medium">
          <Trans t={t} i18nKey={`did.${entry.action}`} values={{ who }} components={{ who: <Ltr /> }} />
        </span>{' '}
        <time dateTime={entry.at} className="text-muted-foreground">
          {f.dateTime(entry.at)}
        </time>
      </p>
      {entry.action === 'update' && entry.changes.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('noChanges')}</p>
      )}
      {entry.action === 'update' && entry.changes.length > 0 && (
        <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
          {entry.changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="text-muted-foreground">{fieldLabel(change.field)}</dt>
              <dd className="break-words">
                <del className="text-muted-foreground">{shown(change.old, change.field)}</del>{' '}
                <span aria-hidden className="inline-block rtl:-scale-x-100">
                  →
                </span>{' '}
                <ins className="no-underline">{shown(change.new, change.field)}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {onRestore !== undefined && (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onRestore}>
          <RotateCcw aria-hidden className="rtl:-scale-x-100" />
          {t('restore.action')}
        </Button>
      )}
    </li>
  );
}

function Entries({ entity, id, onRestored }: RecordHistoryProps & { onRestored: () => void }) {
  const { t } = useTranslation('history');
  const history = useRecordHistory(entity, id, true);
  const [restoring, setRestoring] = useState<HistoryEntry | null>(null);
  if (history.isPending) return <Spinner label={t('loading')} />;
  if (history.isError) return <p role="alert" className="text-sm text-destructive">{errorMessage(history.error)}</p>;
  const { rows, total } = history.data;
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('none')}</p>;
  return (
    <>
      <ul aria-label={t('title')} className="max-h-64 overflow-y-auto pe-2">
        {rows.map((entry, index) => (
          <Entry
            key={entry.id}
            entry={entry}
            entity={entity}
            onRestore={
              index > 0 && entry.action !== 'delete'
                ? () => {
                    setRestoring(entry);
                  }
                : undefined
            }
          />
        ))}
      </ul>
      {total > rows.length && <p className="text-xs text-muted-foreground">{t('older', { count: total - rows.length })}</p>}
      {restoring !== null && (
        <RestoreVersionDialog
          entry={restoring}
          entity={entity}
          onClose={() => {
            setRestoring(null);
          }}
          onRestored={onRestored}
        />
      )}
    </>
  );
}

function Panel({ entity, id, onRestored }: RecordHistoryProps) {
  const { t } = useTranslation('history');
  const [open, setOpen] = useState(false);
  const closeDialog = useCloseFormDialog();
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
        {open && <Entries entity={entity} id={id} onRestored={onRestored ?? closeDialog} />}
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
