import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { errorMessage } from '@/lib/api-client';
import { useCheckImport } from '../api/check-import';
import type { ColumnChoice, ImportCheck, ImportMapping, ImportMode, ImportUpload } from '../api/types';
import { CheckResults } from './check-results';
import { Steps } from './steps';

/** The select's value for "Ignore this column" (a column key is never empty). */
const IGNORE = '';

/** A column's header as the table shows it: its text, or its place when the file left it empty. */
export function columnName(columns: readonly string[], index: number, unnamed: (number: number) => string): string {
  const header = columns[index]?.trim() ?? '';
  return header === '' ? unnamed(index + 1) : header;
}

function sameMapping(left: ImportMapping, right: ImportMapping): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

export interface MappingStepProps {
  upload: ImportUpload;
  /** 'Import N listings'. */
  onImport: () => void;
  importing: boolean;
  importError: unknown;
  /** 'Choose another file'. */
  onRestart: () => void;
}

/**
 * Steps 2 and 3: one row per column of the file with the field it fills (the server's
 * suggestion first), the mode and the catalogue option; then the check of every row. What is
 * chosen here lives in this component while the wizard shows it: a call refused for an expired
 * session waits for the sign-in dialog over it and is sent again with the same choices.
 */
export function MappingStep({ upload, onImport, importing, importError, onRestart }: MappingStepProps) {
  const { t } = useTranslation('imports');
  const id = useId();
  const suggested: ImportMapping = {
    mapping: upload.columns.map((_, index) => upload.suggestedMapping[index] ?? null),
    mode: 'create',
    createMissingCatalog: false,
  };
  const [mapping, setMapping] = useState<ColumnChoice[]>(suggested.mapping);
  const [mode, setMode] = useState<ImportMode>(suggested.mode);
  const [createMissingCatalog, setCreateMissingCatalog] = useState(suggested.createMissingCatalog);
  const [checked, setChecked] = useState<{ for: ImportMapping; answer: ImportCheck } | null>(null);
  const check = useCheckImport(upload.id);

  const draft: ImportMapping = { mapping, mode, createMissingCatalog };
  useUnsavedChanges(!sameMapping(draft, suggested));
  const current = checked !== null && sameMapping(checked.for, draft) ? checked.answer : null;

  const labels = new Map(upload.fields.map((field) => [field.key, field.label]));
  const missing = upload.fields.filter((field) => field.required && !mapping.includes(field.key));
  const unnamed = (number: number) => t('mapping.emptyHeader', { number });

  const runCheck = () => {
    const sent = draft;
    check.mutate(sent, {
      onSuccess: (answer) => {
        setChecked({ for: sent, answer });
      },
    });
  };

  return (
    <div className="grid gap-6">
      <Steps current={current === null ? 'columns' : 'check'} />
      <section aria-labelledby={`${id}-columns`} className="grid gap-4">
        <div>
          <h2 id={`${id}-columns`} className="text-lg font-semibold">
            {t('mapping.heading')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('mapping.description', { fileName: upload.fileName, count: upload.rowCount })}
          </p>
        </div>
        <Table aria-labelledby={`${id}-columns`}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-1/4 text-start">{t('mapping.column')}</TableHead>
              <TableHead className="text-start">{t('mapping.sample')}</TableHead>
              <TableHead className="w-1/3 min-w-56 text-start">{t('mapping.field')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {upload.columns.map((_, index) => {
              const name = columnName(upload.columns, index, unnamed);
              const samples = upload.sampleRows.map((row) => row[index] ?? '').filter((value) => value.trim() !== '');
              return (
                <TableRow key={index}>
                  <TableCell className="font-medium" dir="auto">
                    {name}
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    <ul className="grid gap-0.5 text-xs">
                      {samples.slice(0, 3).map((value, row) => (
                        <li key={row} dir="auto" className="max-w-72 truncate text-start" title={value}>
                          {value}
                        </li>
                      ))}
                    </ul>
                  </TableCell>
                  <TableCell>
                    <Select
                      aria-label={t('mapping.fieldOf', { column: name })}
                      value={mapping[index] ?? IGNORE}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setMapping((before) => before.map((choice, at) => (at === index ? (value === IGNORE ? null : value) : choice)));
                      }}
                    >
                      <option value={IGNORE}>{t('mapping.ignore')}</option>
                      {upload.fields.map((field) => (
                        <option key={field.key} value={field.key}>
                          {field.required ? t('mapping.required', { label: field.label }) : field.label}
                        </option>
                      ))}
                    </Select>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {missing.length > 0 && (
          <p className="text-sm text-amber-800">
            {t('mapping.missingRequired', { fields: missing.map((field) => field.label).join(', ') })}
          </p>
        )}
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('mapping.mode')}</legend>
          {(
            [
              ['create', 'modeCreate', 'modeCreateHint'],
              ['create-or-update', 'modeCreateOrUpdate', 'modeCreateOrUpdateHint'],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-mode`}
                value={value}
                checked={mode === value}
                onChange={() => {
                  setMode(value);
                }}
                className="mt-1 accent-primary"
              />
              <span>
                <span className="font-medium">{t(`mapping.${label}`)}</span>
                <span className="block text-muted-foreground">{t(`mapping.${hint}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-catalog`} className="flex items-start gap-2 text-sm">
          <Checkbox
            id={`${id}-catalog`}
            checked={createMissingCatalog}
            onCheckedChange={(value) => {
              setCreateMissingCatalog(value === true);
            }}
            className="mt-0.5"
          />
          <span>
            <span className="font-medium">{t('mapping.createMissing')}</span>
            <span className="block text-muted-foreground">{t('mapping.createMissingHint')}</span>
          </span>
        </label>
        {check.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(check.error)}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={runCheck} disabled={check.isPending}>
            {check.isPending ? t('mapping.checking') : t('mapping.check')}
          </Button>
          <Button type="button" variant="outline" onClick={onRestart}>
            {t('mapping.restart')}
          </Button>
        </div>
        {checked !== null && current === null && !check.isPending && (
          <p role="status" className="text-sm text-amber-800">
            {t('mapping.changed')}
          </p>
        )}
      </section>
      {current !== null && (
        <CheckResults
          importId={upload.id}
          check={current}
          fieldLabel={(key) => labels.get(key) ?? key}
          onImport={onImport}
          importing={importing}
          importError={importError}
        />
      )}
    </div>
  );
}
