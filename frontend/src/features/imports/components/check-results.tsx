import { Download } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useDownloadRejected } from '../api/downloads';
import type { ImportCheck } from '../api/types';
import { TemplateButton } from './template-button';

export interface CheckResultsProps {
  importId: number;
  check: ImportCheck;
  /** A field's name in the user's language, from its key. */
  fieldLabel: (key: string) => string;
  onImport: () => void;
  importing: boolean;
  importError: unknown;
}

/**
 * Step 3: what the import would do (valid, invalid, created, updated), the first errors with
 * their spreadsheet row, the rejected rows to fix, the template, and 'Import N listings'.
 */
export function CheckResults({ importId, check, fieldLabel, onImport, importing, importError }: CheckResultsProps) {
  const { t, i18n } = useTranslation('imports');
  const id = useId();
  const rejected = useDownloadRejected(importId);
  const number = (value: number) => value.toLocaleString(i18n.language);
  const counts = [
    ['valid', check.valid],
    ['invalid', check.invalid],
    ['willCreate', check.willCreate],
    ['willUpdate', check.willUpdate],
  ] as const;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('check.heading')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([name, value]) => (
          <div key={name} className="rounded-lg border border-border bg-background p-3">
            <dt className="text-sm text-muted-foreground">{t(`check.${name}`)}</dt>
            <dd data-count={name} className="text-2xl font-semibold tabular-nums">
              {number(value)}
            </dd>
          </div>
        ))}
      </dl>
      {check.errors.length === 0 ? (
        <p className="text-sm">{t('check.noErrors')}</p>
      ) : (
        <div className="grid gap-2">
          <h3 id={`${id}-errors`} className="font-medium">
            {t('check.errors')}
          </h3>
          {check.errors.length < check.invalid && (
            <p className="text-sm text-muted-foreground">{t('check.errorsMore', { shown: check.errors.length })}</p>
          )}
          <div className="max-h-80 overflow-y-auto">
            <Table aria-labelledby={`${id}-errors`}>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-20 text-start">{t('check.row')}</TableHead>
                  <TableHead className="w-1/4 text-start">{t('check.field')}</TableHead>
                  <TableHead className="text-start">{t('check.message')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {check.errors.map((error, index) => (
                  <TableRow key={`${error.row}-${error.field}-${index}`}>
                    <TableCell className="tabular-nums">{error.row}</TableCell>
                    <TableCell>{fieldLabel(error.field)}</TableCell>
                    <TableCell>{error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-start gap-2">
        {check.invalid > 0 && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={rejected.isPending}
            onClick={() => {
              rejected.mutate();
            }}
          >
            <Download aria-hidden />
            {t('check.rejected')}
          </Button>
        )}
        <TemplateButton />
      </div>
      {rejected.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('check.downloadFailed')}: {errorMessage(rejected.error)}
        </p>
      )}
      {check.valid === 0 ? (
        <p className="text-sm text-muted-foreground">{t('check.nothing')}</p>
      ) : (
        <div>
          <Button type="button" size="lg" disabled={importing} onClick={onImport}>
            {t('check.import', { count: check.valid })}
          </Button>
        </div>
      )}
      {importError !== null && importError !== undefined && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(importError)}
        </p>
      )}
    </section>
  );
}
