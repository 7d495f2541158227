import { useTranslation } from 'react-i18next';
import { CancelButton } from '@/components/form-buttons';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { Entity } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { errorMessage, fieldErrors, serverMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import type { HistoryEntry } from '../api/get-record-history';
import { useRestorePreview, useRestoreVersion } from '../api/restore-version';
import { useChangeText } from './use-change-text';
import { VersionDiff } from './version-diff';

export interface RestoreVersionDialogProps {
  /** The change whose resulting version is offered. */
  entry: HistoryEntry;
  entity: Entity;
  onClose: () => void;
  /** The version was written: the record's form no longer holds it as it is. */
  onRestored: () => void;
}

/** Why the server refused the restore: its message and each field's, as the rules say them. */
function Refusal({ error, entity }: { error: unknown; entity: Entity }) {
  const { t } = useTranslation('history');
  const { fieldLabel } = useChangeText(entity);
  const errors = Object.entries(fieldErrors(error));
  const message = serverMessage(error) ?? errorMessage(error);
  const repeated = errors.length === 1 && errors[0]?.[1] === message;
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
    >
      <p className="font-medium">{t('restore.refused')}</p>
      {!repeated && <p>{message}</p>}
      {errors.length > 0 && (
        <ul className="list-disc ps-5">
          {errors.map(([field, text]) => (
            <li key={field}>
              {fieldLabel(field)}: {text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * 'Restore this version': the record's differences from now, then the write through the
 * area's own update; a refusal of the rules is shown here and nothing is written.
 */
export function RestoreVersionDialog({ entry, entity, onClose, onRestored }: RestoreVersionDialogProps) {
  const { t } = useTranslation('history');
  const f = useFormat();
  const preview = useRestorePreview(entry.id);
  const restore = useRestoreVersion();
  const at = f.dateTime(entry.at);
  const confirm = () => {
    if (!preview.isSuccess) return;
    restore.mutate(
      { historyId: entry.id, version: preview.data.version },
      {
        onSuccess: () => {
          toast({ title: t('restore.done'), description: t('restore.doneDescription', { at }) });
          onClose();
          onRestored();
        },
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent closeLabel={t('common.close', { ns: 'translation' })} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('restore.title')}</DialogTitle>
          <DialogDescription>{t('restore.description', { at })}</DialogDescription>
        </DialogHeader>
        {preview.isPending ? (
          <Spinner label={t('restore.loading')} />
        ) : preview.isError ? (
          <Refusal error={preview.error} entity={entity} />
        ) : (
          <VersionDiff entity={entity} changes={preview.data.changes} kept={preview.data.kept} />
        )}
        {restore.isError && <Refusal error={restore.error} entity={entity} />}
        <DialogFooter>
          <CancelButton onClick={onClose} />
          <Button type="button" disabled={!preview.isSuccess || preview.isFetching || restore.isPending} onClick={confirm}>
            {restore.isPending && <Spinner label={t('restore.restoring')} className="size-4 text-current" />}
            {t('restore.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
