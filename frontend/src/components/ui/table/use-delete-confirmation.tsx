import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../confirm-dialog';

/** A delete confirmation's words; the description may be more than text (a count read on opening). */
export interface DeleteQuestion {
  title: string;
  description: ReactNode;
}

/**
 * Deleting a row asks first, in the 'Confirm Delete' question (core-panel §2) or in the
 * screen's own words, where its specification gives them or they depend on the row (what
 * else the delete takes with it). `ask(row)` opens it; render `dialog` once.
 */
export function useDeleteConfirmation<T>(
  onDelete: (row: T) => void,
  question?: DeleteQuestion | ((row: T) => DeleteQuestion),
) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ row: T } | null>(null);
  const words = typeof question === 'function' ? (pending === null ? undefined : question(pending.row)) : question;
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={words?.title ?? t('dataTable.confirmDeleteTitle')}
      description={words?.description ?? t('dataTable.confirmDeleteDescription')}
      confirmLabel={t('dataTable.delete')}
      cancelLabel={t('common.cancel')}
      destructive
      onCancel={() => {
        setPending(null);
      }}
      onConfirm={() => {
        if (pending !== null) onDelete(pending.row);
        setPending(null);
      }}
    />
  );
  return {
    ask: (row: T) => {
      setPending({ row });
    },
    dialog,
  };
}
