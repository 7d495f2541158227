import { Plus, Users } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteToasts } from '@/hooks/delete-toasts';
import { useReorder } from '@/hooks/use-reorder';
import { toast } from '@/hooks/use-toast';
import { pickText, useArabicFirst } from '@/lib/bilingual';
import { serverMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { teamMembers, type TeamMember } from '../api/team-members';
import { MemberCard } from '../components/member-card';
import { MemberDialog, type MemberDialogState } from '../components/member-dialog';

const NO_MEMBERS: readonly TeamMember[] = [];

function TeamManagement() {
  const { t } = useTranslation('team');
  const arabicFirst = useArabicFirst();
  const list = teamMembers.useList();
  const remove = teamMembers.useDelete();
  const deleteToasts = useDeleteToasts();
  const reorderMembers = teamMembers.useReorder();
  const [dialog, setDialog] = useState<MemberDialogState>(null);
  // Kept while the question closes, so that its sentence still names the member.
  const [deleting, setDeleting] = useState<{ member: TeamMember; open: boolean } | null>(null);

  const members = list.data ?? NO_MEMBERS;
  const reorder = useReorder(
    members.map((member) => member.id),
    (ids) => {
      const byId = new Map(members.map((member) => [member.id, member]));
      reorderMembers.mutate(
        ids.flatMap((id) => byId.get(id) ?? []),
        {
          onError: (error) => {
            toast({ title: t('toast.reorderFailed'), description: serverMessage(error), variant: 'destructive' });
          },
        },
      );
    },
  );

  const add = () => {
    setDialog({ member: null });
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button disabled={list.isPending} onClick={add}>
            <Plus aria-hidden />
            {t('addMember')}
          </Button>
        }
      />
      {list.isError ? (
        <QueryError error={list.error} />
      ) : list.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t('loading')}
        </p>
      ) : members.length === 0 ? (
        <EmptyState
          icon={Users}
          title={t('emptyTitle')}
          text={t('emptyText')}
          action={
            <Button onClick={add}>
              <Plus aria-hidden />
              {t('addFirst')}
            </Button>
          }
        />
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {t('reorderHint')}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('listLabel')}>
            {members.map((member, index) => (
              <li
                key={member.id}
                {...reorder.itemProps(index)}
                className={cn('transition-opacity', reorder.dragged === index && 'opacity-50')}
              >
                <MemberCard
                  member={member}
                  index={index}
                  count={members.length}
                  reorder={reorder}
                  onEdit={() => {
                    setDialog({ member });
                  }}
                  onDelete={() => {
                    setDeleting({ member, open: true });
                  }}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      <MemberDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
      <ConfirmDialog
        open={deleting?.open ?? false}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.description', {
          name: deleting === null ? '' : pickText(arabicFirst, deleting.member.nameEn, deleting.member.nameAr),
        })}
        confirmLabel={t('confirmDelete.confirm')}
        cancelLabel={t('confirmDelete.cancel')}
        destructive
        onCancel={() => {
          setDeleting((asked) => asked && { ...asked, open: false });
        }}
        onConfirm={() => {
          if (deleting === null) return;
          // Site §8 names no delete toasts; these follow the created/updated ones.
          remove.mutate(deleting.member, deleteToasts(t('toast.deleted'), t('toast.deleteFailed')));
          setDeleting({ ...deleting, open: false });
        }}
      />
    </div>
  );
}

/** Team Management (site-content §2), once its text (the `team` namespace) has arrived. */
export default function TeamRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <TeamManagement />
    </Suspense>
  );
}
