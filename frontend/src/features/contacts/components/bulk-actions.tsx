import { CheckCircle2, Download, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkBar, useBulkSummary } from '@/components/bulk-bar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { selectedCount, selectionRequest, type SelectableRow, type Selection, type SelectionAction } from '@/components/ui/table';
import type { ContactBulkAction, ContactFilter } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useBulkContacts, useExportContactSelection } from '../api/bulk-contacts';

export interface ContactBulkActionsProps {
  selection: Selection;
  dispatch: (action: SelectionAction) => void;
  page: readonly SelectableRow[];
  total: number;
  /** The inbox's search and filters, for 'all matching'. */
  filter: ContactFilter;
}

/** The inbox's bulk actions: mark responded, close, export, move to trash. */
export function ContactBulkActions({ selection, dispatch, page, total, filter }: ContactBulkActionsProps) {
  const { t, i18n } = useTranslation('contacts');
  const change = useBulkContacts();
  const exporting = useExportContactSelection();
  const summary = useBulkSummary();
  const [confirmTrash, setConfirmTrash] = useState(false);
  const count = selectedCount(selection, total);
  const request = selectionRequest(selection, filter);
  const busy = change.isPending;

  const run = (action: ContactBulkAction) => {
    change.mutate(
      { ...request, action },
      {
        onSuccess: (outcome) => {
          summary(t(action === 'trash' ? 'bulk.trashed' : 'bulk.updated', { count: outcome.changed }), outcome);
          dispatch({ type: 'clear' });
        },
        onError: (error) => {
          toast({ title: t('bulk.failed', { ns: 'translation' }), description: serverMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <BulkBar
      selection={selection}
      dispatch={dispatch}
      page={page}
      total={total}
      working={busy ? t('bulk.working', { ns: 'translation' }) : undefined}
    >
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() => {
          run('markResponded');
        }}
      >
        <CheckCircle2 aria-hidden />
        {t('bulk.markResponded')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() => {
          run('close');
        }}
      >
        <XCircle aria-hidden />
        {t('bulk.close')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={exporting.isPending}
        onClick={() => {
          const selected = 'filter' in request ? { filter: request.filter } : { ids: request.ids };
          exporting.mutate(
            { selection: selected, language: i18n.language },
            {
              onSuccess: () => toast({ title: t('toast.exported') }),
              onError: (error) =>
                toast({ title: t('toast.exportFailed'), description: serverMessage(error), variant: 'destructive' }),
            },
          );
        }}
      >
        <Download aria-hidden />
        {t('bulk.export', { ns: 'translation' })}
      </Button>
      <Button
        variant="destructive"
        size="sm"
        disabled={busy}
        onClick={() => {
          setConfirmTrash(true);
        }}
      >
        <Trash2 aria-hidden />
        {t('bulk.trash', { ns: 'translation' })}
      </Button>
      <ConfirmDialog
        open={confirmTrash}
        title={t('bulk.confirmTrashTitle', { ns: 'translation' })}
        description={t('bulk.confirmTrash', { count })}
        confirmLabel={t('bulk.trash', { ns: 'translation' })}
        cancelLabel={t('cancel')}
        destructive
        onConfirm={() => {
          setConfirmTrash(false);
          run('trash');
        }}
        onCancel={() => {
          setConfirmTrash(false);
        }}
      />
    </BulkBar>
  );
}
