import { FileSpreadsheet } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { TemplateButton } from './template-button';

/** The spreadsheet formats the server reads (the picker offers only these). */
export const SPREADSHEET_TYPES = '.xlsx,.xls,.ods,.csv';

export interface FileStepProps {
  /** Sends the file; the step shows it being read until the answer. */
  onFile: (file: File) => void;
  /** The file being sent, if one is. */
  reading: File | null;
  /** Why the last file was refused. */
  error: unknown;
}

/** Step 1: drop a spreadsheet on the area, or choose one with the button (keyboard and all). */
export function FileStep({ onFile, reading, error }: FileStepProps) {
  const { t } = useTranslation('imports');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file !== undefined && reading === null) onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <section aria-labelledby="import-file-heading" className="grid gap-4">
      <h2 id="import-file-heading" className="text-lg font-semibold">
        {t('file.heading')}
      </h2>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => {
          setDragging(false);
        }}
        onDrop={onDrop}
        className={cn(
          'grid justify-items-center gap-3 rounded-xl border-2 border-dashed border-border bg-background px-6 py-12 text-center transition-colors',
          dragging && 'border-primary bg-primary/5',
        )}
      >
        <FileSpreadsheet aria-hidden className="size-10 text-muted-foreground" />
        {reading === null ? (
          <>
            <p className="font-medium">{t('file.drop')}</p>
            <p className="text-sm text-muted-foreground">{t('file.formats')}</p>
            <Button
              type="button"
              onClick={() => {
                input.current?.click();
              }}
            >
              {t('file.choose')}
            </Button>
          </>
        ) : (
          <p className="flex items-center gap-2 font-medium">
            <Spinner label={t('file.reading', { name: reading.name })} className="size-5" />
            <span aria-hidden>{t('file.reading', { name: reading.name })}</span>
          </p>
        )}
        <input
          ref={input}
          type="file"
          accept={SPREADSHEET_TYPES}
          className="hidden"
          data-testid="import-file"
          onChange={(event) => {
            take(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </div>
      {error !== null && error !== undefined && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-medium text-destructive">{t('file.failed')}</p>
          <p>{fieldErrors(error).file ?? errorMessage(error)}</p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <p>{t('file.templateHint')}</p>
        <TemplateButton />
      </div>
    </section>
  );
}
