import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '@/components/empty-state';
import { AddButton } from '@/components/add-button';
import { Ltr } from '@/components/ltr';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  RowActions,
  RowActionsHead,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TablePagination,
  TableRow,
  TableRows,
  useClientRows,
  useDeleteConfirmation,
} from '@/components/ui/table';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/account';
import { useDeleteToasts } from '@/hooks/delete-toasts';
import { constants } from '@/lib/rules';
import { useDeleteUser, useResetTwoFactor, useUsers, type User } from '../api/users';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { UserDialog, type UserDialogState } from '../components/user-dialog';
import { useFormat } from '@/lib/format';
import { textLanguage } from '@/lib/bilingual';

function UserManagement() {
  const { t } = useTranslation('users');
  const f = useFormat();
  const { user: me } = useAuth();
  const isAdmin = me?.role === constants().adminRole;
  const users = useUsers({ enabled: isAdmin });
  const remove = useDeleteUser();
  const deleteToasts = useDeleteToasts();
  const [dialog, setDialog] = useState<UserDialogState>(null);
  const resetTwoFactor = useResetTwoFactor();
  const [resetting, setResetting] = useState<User | null>(null);
  const rows = users.data ?? [];
  const table = useClientRows(rows);
  const confirm = useDeleteConfirmation(
    (user: User) => {
      remove.mutate(user, deleteToasts(t('toast.deleted'), t('toast.deleteFailed')));
    },
    { title: t('confirmDelete.title'), description: t('confirmDelete.description') },
  );
  if (!isAdmin) return <NoAccess title={t('noAccess.title')} text={t('noAccess.text')} />;

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <AddButton
            label={t('add')}
            onClick={() => {
              setDialog({ user: null });
            }}
          />
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>{t('heading', { count: rows.length })}</CardTitle>
        </CardHeader>
        <CardContent>
          {users.isError ? (
            <QueryError error={users.error} />
          ) : (
            <div className="grid gap-4">
              <Table aria-label={t('title')} aria-busy={users.isPending || undefined}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('fields.username')}</TableHead>
                    <TableHead>{t('fields.fullName')}</TableHead>
                    <TableHead>{t('fields.email')}</TableHead>
                    <TableHead>{t('fields.phone')}</TableHead>
                    <TableHead>{t('fields.license')}</TableHead>
                    <TableHead>{t('fields.status')}</TableHead>
                    <TableHead>{t('fields.created')}</TableHead>
                    <RowActionsHead />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  <TableRows rows={table.rows} columnCount={8} isLoading={users.isPending} emptyText={t('empty')}>
                    {(user) => (
                      <>
                        <TableCell>
                          <span className="font-medium" {...textLanguage(user.username)}>
                            {user.username}
                          </span>
                        </TableCell>
                        <TableCell>
                          <span {...textLanguage(user.fullName ?? '')}>{user.fullName ?? ''}</span>
                        </TableCell>
                        <TableCell>{user.email ?? ''}</TableCell>
                        <TableCell>
                          <Ltr className="whitespace-nowrap">{user.phone ?? ''}</Ltr>
                        </TableCell>
                        <TableCell>
                          {user.licenseNumber == null || user.licenseNumber === '' ? (
                            <span className="text-muted-foreground">{t('noLicense')}</span>
                          ) : (
                            <Ltr className="font-mono text-xs">{user.licenseNumber}</Ltr>
                          )}
                        </TableCell>
                        <TableCell>
                          <span className="flex flex-wrap gap-1">
                            <Badge variant={user.isActive ? 'default' : 'secondary'}>
                              {user.isActive ? t('active') : t('inactive')}
                            </Badge>
                            {user.role === constants().adminRole && <Badge variant="outline">{t('roles.admin')}</Badge>}
                            {user.twoFactorSince != null && (
                              <>
                                <Badge variant="outline">{t('twoFactor.badge')}</Badge>
                                <Button
                                  type="button"
                                  variant="link"
                                  size="sm"
                                  className="h-auto p-0"
                                  onClick={() => {
                                    setResetting(user);
                                  }}
                                >
                                  {t('twoFactor.reset')}
                                </Button>
                              </>
                            )}
                          </span>
                        </TableCell>
                        <TableCell>{f.date(user.createdAt)}</TableCell>
                        <RowActions
                          onEdit={() => {
                            setDialog({ user });
                          }}
                          onDelete={
                            user.id === constants().protectedUserId
                              ? undefined
                              : () => {
                                  confirm.ask(user);
                                }
                          }
                        />
                      </>
                    )}
                  </TableRows>
                </TableBody>
              </Table>
              <TablePagination {...table.pages} />
            </div>
          )}
        </CardContent>
      </Card>
      {confirm.dialog}
      <ConfirmDialog
        open={resetting !== null}
        title={t('twoFactor.confirmTitle')}
        description={t('twoFactor.confirmText', { username: resetting?.username ?? '' })}
        confirmLabel={t('twoFactor.reset')}
        cancelLabel={t('twoFactor.keep')}
        destructive
        onCancel={() => {
          setResetting(null);
        }}
        onConfirm={() => {
          if (resetting === null) return;
          resetTwoFactor.mutate(resetting.id, {
            onSuccess: () => {
              toast({ title: t('twoFactor.resetDone') });
            },
            onError: (error) => {
              toast({ title: t('twoFactor.resetFailed'), description: errorMessage(error), variant: 'destructive' });
            },
          });
          setResetting(null);
        }}
      />
      <UserDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}

/** User Management (site-content §2), for admins; others are told they have no access. */
export default function UsersRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <UserManagement />
    </Suspense>
  );
}
