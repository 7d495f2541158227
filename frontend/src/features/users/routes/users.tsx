import { ShieldAlert } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { AddButton } from '@/components/add-button';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth';
import { deleteToasts } from '@/hooks/delete-toasts';
import { constants } from '@/lib/rules';
import { useDeleteUser, useUsers, type User } from '../api/users';
import { UserDialog, type UserDialogState } from '../components/user-dialog';

/** What a signed-in user who is not an admin sees at /users: a page that says so. */
function NoAccess() {
  const { t } = useTranslation('users');
  return (
    <EmptyState
      icon={ShieldAlert}
      title={t('noAccess.title')}
      text={t('noAccess.text')}
      headingLevel={1}
      className="mx-auto mt-10 max-w-lg"
    />
  );
}

function UserManagement() {
  const { t } = useTranslation('users');
  const { user: me } = useAuth();
  const isAdmin = me?.role === constants().adminRole;
  const users = useUsers({ enabled: isAdmin });
  const remove = useDeleteUser();
  const [dialog, setDialog] = useState<UserDialogState>(null);
  if (!isAdmin) return <NoAccess />;
  const rows = users.data ?? [];

  const columns: DataTableColumn<User>[] = [
    { id: 'username', header: t('fields.username'), cell: (user) => <span className="font-medium">{user.username}</span> },
    { id: 'fullName', header: t('fields.fullName'), cell: (user) => user.fullName ?? '' },
    { id: 'email', header: t('fields.email'), cell: (user) => user.email ?? '' },
    {
      id: 'status',
      header: t('fields.status'),
      cell: (user) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={user.isActive ? 'default' : 'secondary'}>{user.isActive ? t('active') : t('inactive')}</Badge>
          {user.role === constants().adminRole && <Badge variant="outline">{t('roles.admin')}</Badge>}
        </span>
      ),
    },
    { id: 'created', header: t('fields.created'), cell: (user) => new Date(user.createdAt).toLocaleDateString() },
  ];

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
            <DataTable
              label={t('title')}
              data={rows}
              columns={columns}
              isLoading={users.isPending}
              emptyText={t('empty')}
              onEdit={(user) => {
                setDialog({ user });
              }}
              onDelete={(user) => {
                remove.mutate(user, deleteToasts(t('toast.deleted'), t('toast.deleteFailed')));
              }}
              canDelete={(user) => user.id !== constants().protectedUserId}
              confirmDelete={{ title: t('confirmDelete.title'), description: t('confirmDelete.description') }}
            />
          )}
        </CardContent>
      </Card>
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
