import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import type { ImportState } from '../api/types';

export interface ProgressStepProps {
  state: ImportState;
  /** Commits again: the rows already written are not written twice. */
  onResume: () => void;
  resuming: boolean;
  resumeError: unknown;
}

/** Step 4: the rows written so far out of those to write, read from the server (so a reload shows it too). */
export function ProgressStep({ state, onResume, resuming, resumeError }: ProgressStepProps) {
  const { t, i18n } = useTranslation('imports');
  const id = useId();
  const percent = state.total > 0 ? Math.min(100, Math.round((state.done / state.total) * 100)) : 0;
  const number = (value: number) => value.toLocaleString(i18n.language);
  const text =
    state.total > 0 ? t('progress.done', { done: number(state.done), total: number(state.total) }) : t('progress.starting');
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('progress.heading')}
      </h2>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2 text-sm">
          <span id={`${id}-label`} dir="auto">
            {t('progress.label', { fileName: state.fileName })}
          </span>
          <span aria-hidden className="tabular-nums">
            {percent}%
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={`${id}-label`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={text}
          className="h-3 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm text-muted-foreground tabular-nums">{text}</p>
      </div>
      {state.status === 'failed' ? (
        <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-medium text-destructive">{t('progress.failed')}</p>
          {typeof state.error === 'string' && state.error !== '' && <p>{state.error}</p>}
          {resumeError !== null && resumeError !== undefined && <p>{errorMessage(resumeError)}</p>}
          <Button type="button" className="justify-self-start" disabled={resuming} onClick={onResume}>
            {t('progress.resume')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('progress.leave')}</p>
      )}
    </section>
  );
}
