import { GripVertical, Inbox, Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { QueryError } from '@/components/query-error';
import { ReorderButtons } from '@/components/reorder-buttons';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteToasts } from '@/hooks/delete-toasts';
import { useReorder } from '@/hooks/use-reorder';
import { toast } from '@/hooks/use-toast';
import { useArabicFirst } from '@/lib/bilingual';
import { serverMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useSectionPaths } from '../sections';
import type { AreaEntity, AreaRecord, AreaView } from './area-view';

/**
 * One tab of Services Management (site-content §2): its Add button and its records in
 * display order, each with Edit, Delete and the ways to move it. Deleting asks nothing
 * (§2), so its toast offers Undo, which writes the record again from its deleted fields.
 */
export function SectionPanel<E extends AreaEntity, TRecord extends AreaRecord>({
  view,
}: {
  view: AreaView<E, TRecord>;
}) {
  const { t } = useTranslation('services');
  const arabicFirst = useArabicFirst();
  const { section, area, nameOf, Summary } = view;
  const paths = useSectionPaths();
  const list = area.useList();
  const remove = area.useDelete();
  const deleteToasts = useDeleteToasts();
  const order = area.useReorder();
  const records = list.data ?? [];

  const reorder = useReorder(
    records.map((record) => record.id),
    (ids) => {
      const byId = new Map(records.map((record) => [record.id, record]));
      order.mutate(
        ids.flatMap((id) => byId.get(id) ?? []),
        {
          onError: (error) => {
            toast({
              title: t('error'),
              description: serverMessage(error) ?? t(`${section}.toast.reorderFailed`),
              variant: 'destructive',
            });
          },
        },
      );
    },
  );

  // The toasts come from the settled promise rather than the mutation's callbacks, which
  // are not called once the tab has been left.
  const onDelete = (record: TRecord) => {
    const { onSuccess, onError } = deleteToasts(t(`${section}.toast.deleted`), t('error'), t(`${section}.toast.deleteFailed`));
    void remove.mutateAsync(record).then(onSuccess, onError);
  };

  const deleting = (record: TRecord) => remove.isPending && remove.variables.id === record.id;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-muted-foreground">{t('orderHint')}</p>
        <Button asChild>
          <Link to={paths.add(section)}>
            <Plus aria-hidden />
            {t(`${section}.add`)}
          </Link>
        </Button>
      </div>
      {list.isError ? (
        <QueryError error={list.error} />
      ) : list.isPending ? (
        <Spinner label={t('loading')} className="m-8" />
      ) : records.length === 0 ? (
        <EmptyState icon={Inbox} title={t(`${section}.empty`)} text={t(`${section}.emptyHint`)} />
      ) : (
        <ul className="grid gap-3" aria-label={t(`${section}.tab`)}>
          {records.map((record, index) => {
            const name = nameOf(record, arabicFirst);
            return (
              <li
                key={record.id}
                {...reorder.itemProps(index)}
                className={cn(
                  'flex items-start gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm',
                  reorder.dragged === index && 'opacity-50',
                )}
              >
                <GripVertical aria-hidden className="mt-1 size-5 shrink-0 cursor-grab text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <Summary record={record} />
                </div>
                <div className="flex shrink-0 flex-wrap items-center justify-end gap-2">
                  <ReorderButtons
                    reorder={reorder}
                    index={index}
                    count={records.length}
                    layout="list"
                    labels={{ earlier: t('moveEarlier', { name }), later: t('moveLater', { name }) }}
                  />
                  <Button asChild variant="outline" size="sm">
                    <Link to={paths.edit(section, record.id)} aria-label={t('editItem', { name })}>
                      <Pencil aria-hidden />
                      {t('edit')}
                    </Link>
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    disabled={deleting(record)}
                    aria-label={t('deleteItem', { name })}
                    onClick={() => {
                      onDelete(record);
                    }}
                  >
                    <Trash2 aria-hidden />
                    {t('delete')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
