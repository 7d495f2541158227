import { History } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/account';
import type { Entity } from '@/generated/types';
import { errorMessage } from '@/lib/api-client';
import { termLabel, textLanguage, useArabicFirst } from '@/lib/bilingual';
import { constants, vocabulary, type VocabularyName } from '@/lib/rules';
import { useRecordHistory, type HistoryEntry } from '../api/get-record-history';
import { fieldName, valueText, whoName, type ValueWords } from './change-text';
import { useFormat } from '@/lib/format';

export interface RecordHistoryProps {
  entity: Entity;
  id: number;
}

/** The vocabulary a recorded field's coded values come from, by the record's kind. */
function vocabularyOf(entity: Entity, field: string): VocabularyName | undefined {
  if (field === 'status') {
    if (entity === 'property') return 'propertyStatuses';
    if (entity === 'contactRequest') return 'contactStatuses';
    return undefined;
  }
  if (field === 'category' && entity === 'propertyFeature') return 'featureCategories';
  return FIELD_VOCABULARIES[field];
}

const FIELD_VOCABULARIES: Partial<Record<string, VocabularyName>> = {
  role: 'roles',
  pageName: 'heroPages',
  sectionType: 'aboutSectionTypes',
  displayType: 'displayTypes',
  continent: 'continents',
  facing: 'orientations',
  buildingTypeNew: 'buildingTypes',
  buildingCondition: 'buildingConditions',
};

/**
 * How one change's values read: as recorded in an English interface; in an Arabic one with
 * yes/no, the server's placeholders and coded values (statuses, roles...) in Arabic.
 */
function useValueWords(entity: Entity): (field: string) => ValueWords | undefined {
  const { t } = useTranslation('history');
  const arabicFirst = useArabicFirst();
  return (field) => {
    if (!arabicFirst) return undefined;
    const name = vocabularyOf(entity, field);
    return {
      yes: t('values.yes'),
      no: t('values.no'),
      notRecorded: t('values.notRecorded'),
      inlineFile: (length) => t('values.inlineFile', { length }),
      term:
        name === undefined
          ? undefined
          : (value) => {
              const term = vocabulary(name).find((known) => known.value === value);
              return term === undefined ? value : termLabel(true, name, term);
            },
    };
  };
}

function Entry({ entry, entity }: { entry: HistoryEntry; entity: Entity }) {
  const { t, i18n } = useTranslation('history');
  const languages = { En: t('english'), Ar: t('arabic') };
  const wordsOf = useValueWords(entity);
  const f = useFormat();
  const names = (base: string) => (i18n.exists(`fields.${base}`, { ns: 'history' }) ? t(`fields.${base}` as 'fields.name') : undefined);
  const shown = (value: unknown, field: string) => {
    const text = valueText(value, wordsOf(field));
    return text === '' ? <>{t('empty')}</> : <span {...textLanguage(text)}>{text}</span>;
  };
  const who = whoName(entry.username, entry.action, { visitor: t('visitor'), server: t('server') });
  return (
    <li className="grid gap-1 border-b border-border py-2 last:border-b-0">
      <p className="text-sm">
        <span className="font-medium">{t(`did.${entry.action}`, { who })}</span>{' '}
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
              <dt className="text-muted-foreground">{fieldName(change.field, languages, names)}</dt>
              <dd className="break-words">
                <del className="text-muted-foreground">{shown(change.old, change.field)}</del>
                <span aria-hidden className="inline-block rtl:-scale-x-100">
                  {' → '}
                </span>
                <ins className="no-underline">{shown(change.new, change.field)}</ins>
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
          <Entry key={entry.id} entry={entry} entity={entity} />
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
