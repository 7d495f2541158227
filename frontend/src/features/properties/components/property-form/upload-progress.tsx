import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { UploadBatch } from './use-uploads';

/** A batch's progress bar with its percentage and the button that cancels it. */
export function UploadProgress({ batch, label }: { batch: UploadBatch; label: string }) {
  const { t } = useTranslation('propertyForm');
  const labelId = useId();
  return (
    <div className="grid gap-2 rounded-md border border-border p-3">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span id={labelId}>{label}</span>
        <span aria-hidden>{t('media.percent', { percent: batch.percent })}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={batch.percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${batch.percent}%` }} />
      </div>
      <Button type="button" variant="outline" size="sm" className="justify-self-end" onClick={batch.cancel}>
        {t('media.cancelUpload')}
      </Button>
    </div>
  );
}
