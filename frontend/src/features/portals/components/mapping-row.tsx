import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell } from '@/components/ui/table';
import { useDeleteToasts } from '@/hooks/delete-toasts';
import { toast } from '@/hooks/use-toast';
import { fieldErrors, serverMessage } from '@/lib/api-client';
import { bilingualOrder, englishText, useBilingual } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';
import { useRemoveMapping, useSaveMapping } from '../api/mappings';
import type { MappingPortal, PortalMappingRow } from '@/generated/types';
import { MappingValueEditor } from './mapping-value-editor';
import type { MappingDrafts } from './use-mapping-drafts';

export interface MappingRowProps {
  portal: MappingPortal;
  row: PortalMappingRow;
  drafts: MappingDrafts;
}

/** One record's cells: what it is, its names, and the portal's word for it with Save and Remove. */
export function MappingRow({ portal, row, drafts }: MappingRowProps) {
  const { t } = useTranslation('portals');
  const { arabicFirst, pick } = useBilingual();
  // Each row has its own calls, so one row's save shows its own progress and answer.
  const save = useSaveMapping();
  const remove = useRemoveMapping();
  const deleteToasts = useDeleteToasts();
  const name = pick(row.nameEn, row.nameAr);
  const value = drafts.valueOf(row);
  const edited = drafts.isEdited(row);
  // An emptied value is no word to save: Remove is how a mapping goes.
  const savable = edited && value.trim() !== '';

  const onSave = () => {
    if (!savable || save.isPending) return;
    // The promise, not `mutate`'s callbacks: those are dropped when the row leaves the list
    // (saved while only unmapped rows are shown), and the draft must still be settled.
    void save.mutateAsync({ portal, kind: row.kind, recordId: row.recordId, value }).then(
      () => {
        drafts.saved(row);
        toast({ title: t('toast.saved', { name }) });
      },
      (error: unknown) => {
        const message = fieldErrors(error).value;
        if (message !== undefined) drafts.failed(row, message);
        else toast({ title: t('toast.saveFailed'), description: serverMessage(error), variant: 'destructive' });
      },
    );
  };

  return (
    <>
      <TableCell>
        <div className="grid justify-items-start gap-1">
          <span>{t(`kinds.${row.kind}`)}</span>
          {row.value == null && <Badge variant="destructive">{t('mappings.unmapped')}</Badge>}
        </div>
      </TableCell>
      {bilingualOrder(
        arabicFirst,
        <TableCell key="en" {...englishText}>
          {row.nameEn}
        </TableCell>,
        <TableCell key="ar" {...arabicText}>
          {row.nameAr}
        </TableCell>,
      )}
      <TableCell {...englishText}>{row.parent ?? '—'}</TableCell>
      <TableCell>
        <MappingValueEditor
          portal={portal}
          row={row}
          value={value}
          error={drafts.errorOf(row)}
          label={t('mappings.valueFor', { name })}
          onChange={(next) => {
            drafts.edit(row, next);
          }}
          onEnter={onSave}
        />
      </TableCell>
      <TableCell className="text-end">
        <div className="flex justify-end gap-1">
          <Button type="button" size="sm" disabled={!savable || save.isPending} onClick={onSave}>
            {t('mappings.save')}
          </Button>
          {row.mappingId != null && (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t('mappings.remove', { name })}
              title={t('mappings.remove', { name })}
              className="text-destructive hover:text-destructive"
              disabled={remove.isPending}
              onClick={() => {
                if (row.mappingId == null) return;
                remove.mutate(
                  { portal, id: row.mappingId },
                  deleteToasts(t('toast.removed', { name }), t('toast.removeFailed')),
                );
              }}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
        </div>
      </TableCell>
    </>
  );
}
