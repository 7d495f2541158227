import { CheckCircle2, Download, Eye, Trash2, XCircle } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import {
  DebouncedTableSearch,
  SelectPageHead,
  SelectRowCell,
  SortableHead,
  sortParam,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TablePagination,
  TableRow,
  TableRows,
  useRowSelection,
  useServerPages,
} from '@/components/ui/table';
import type { ContactFilter, ContactStatus } from '@/generated/types';
import { useMovedToTrash } from '@/hooks/delete-toasts';
import { toast } from '@/hooks/use-toast';
import { useListAddress } from '@/hooks/use-list-address';
import { isConflict, serverMessage } from '@/lib/api-client';
import { englishText, latinValue } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';
import { constants, truncate, vocabulary } from '@/lib/rules';
import {
  LEAD_VIEW_FILTERS,
  useContactPage,
  useDeleteAllContactRequests,
  useDeleteContactRequest,
  useSetStatus,
  useStatusCounts,
  type ContactRequest,
} from '../api/contact-requests';
import { useExportOne } from '../api/export';
import { ContactBulkActions } from '../components/bulk-actions';
import { ContactStatusBadge } from '../components/contact-status-badge';
import { ExportDialog } from '../components/export-dialog';
import { AssigneeCell, SourceLabel } from '../components/leads/lead-cells';
import { LeadToolbar } from '../components/leads/lead-toolbar';
import { useLeadView } from '../components/leads/lead-view';
import { useLinkedRequest } from '../components/leads/linked-request';
import { RequestDetails } from '../components/request-details';
import { useFormat } from '@/lib/format';

function ContactRequests() {
  const { t } = useTranslation('contacts');
  const f = useFormat();
  const { pageSize } = constants();
  const address = useListAddress();
  const leadView = useLeadView();
  const listing = useContactPage({
    page: address.page,
    pageSize,
    q: address.q,
    sort: address.sort === null ? undefined : sortParam(address.sort),
    view: leadView.view,
    grouped: leadView.grouped,
  });
  const filter: ContactFilter = {
    ...(address.q === '' ? {} : { q: address.q }),
    ...(leadView.view === undefined ? {} : LEAD_VIEW_FILTERS[leadView.view]),
    ...(leadView.grouped ? { grouped: true } : {}),
  };
  const { selection, dispatch } = useRowSelection(JSON.stringify(filter));
  const counts = useStatusCounts();
  const setStatus = useSetStatus();
  const remove = useDeleteContactRequest();
  const removeAll = useDeleteAllContactRequests();
  const moved = useMovedToTrash();
  const exportOne = useExportOne();
  const [details, setDetails] = useState<ContactRequest | null>(null);
  const linked = useLinkedRequest();
  const [pendingDelete, setPendingDelete] = useState<ContactRequest | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [exporting, setExporting] = useState(false);
  const total = counts.data?.total ?? 0;
  // What a visitor wrote reads in the language they wrote it in, whatever the interface's.
  const rtl = (request: ContactRequest) => (request.language === 'ar' ? arabicText : englishText);

  const changeStatus = (request: ContactRequest, status: ContactStatus) => {
    setStatus.mutate(
      { id: request.id, version: request.version, status },
      {
        onSuccess: () => {
          toast({ title: t('toast.statusUpdated') });
        },
        onError: (error) => {
          const description = isConflict(error) ? t('toast.changedMeanwhile') : serverMessage(error);
          toast({ title: t('toast.statusFailed'), description, variant: 'destructive' });
        },
      },
    );
  };

  const pages = useServerPages({
    page: address.page,
    total: listing.data?.total ?? 0,
    shown: listing.data?.rows.length ?? 0,
    isLoading: listing.isPending,
    onPageChange: address.onPageChange,
  });
  const sorting = { sort: address.sort, onSortChange: address.onSortChange };

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          total > 0 && (
            <>
              <Button
                variant="outline"
                onClick={() => {
                  setExporting(true);
                }}
              >
                <Download aria-hidden />
                {t('exportAll')}
              </Button>
              <Button
                variant="destructive"
                onClick={() => {
                  setConfirmAll(true);
                }}
              >
                <Trash2 aria-hidden />
                {t('deleteAll')}
              </Button>
            </>
          )
        }
      />
      <ul className="grid gap-3 sm:grid-cols-3" aria-label={t('counts.label')}>
        {vocabulary('contactStatuses')
          .map(({ value }) => value as ContactStatus)
          .map((status) => (
            <li key={status}>
              <Card>
                <CardContent className="flex items-center justify-between p-4">
                  <span className="text-sm text-muted-foreground">{t(`status.${status}`)}</span>
                  <span className="text-2xl font-bold" data-testid={`count-${status}`}>
                    {counts.data?.[status] ?? '–'}
                  </span>
                </CardContent>
              </Card>
            </li>
          ))}
      </ul>
      <Card>
        <CardContent className="pt-6">
          {listing.isError ? (
            <QueryError error={listing.error} />
          ) : (
            <div className="grid gap-4">
              <DebouncedTableSearch label={t('search')} query={address.q} onQueryChange={address.onQueryChange} />
              <LeadToolbar {...leadView} />
              <ContactBulkActions
                selection={selection}
                dispatch={dispatch}
                page={listing.data?.rows ?? []}
                total={listing.data?.total ?? 0}
                filter={filter}
              />
              {/* Nine columns: a narrower padding and the row's actions stacked let them fit beside the side bar at 1280 px. */}
              <Table aria-label={t('title')} aria-busy={listing.isPending || undefined} className="[&_td]:px-3 [&_th]:px-3">
                <TableHeader>
                  <TableRow>
                    <SelectPageHead selection={selection} page={listing.data?.rows ?? []} dispatch={dispatch} />
                    <SortableHead field="name" className="max-w-56" {...sorting}>
                      {t('columns.name')}
                    </SortableHead>
                    <SortableHead field="subject" className="max-w-48" {...sorting}>
                      {t('columns.subject')}
                    </SortableHead>
                    <TableHead className="max-w-64">{t('columns.message')}</TableHead>
                    <SortableHead field="status" {...sorting}>
                      {t('columns.status')}
                    </SortableHead>
                    <SortableHead field="createdAt" className="whitespace-nowrap" {...sorting}>
                      {t('columns.date')}
                    </SortableHead>
                    <TableHead>{t('leads.columns.assignee')}</TableHead>
                    <TableHead>{t('leads.columns.source')}</TableHead>
                    <TableHead className="whitespace-nowrap">{t('columns.actions')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  <TableRows rows={listing.data?.rows ?? []} columnCount={9} isLoading={listing.isPending} emptyText={t('empty')}>
                    {(request) => (
                      <>
                        <SelectRowCell
                          selection={selection}
                          row={request}
                          page={listing.data?.rows ?? []}
                          name={request.name}
                          dispatch={dispatch}
                        />
                        <TableCell className="max-w-56">
                          <div>
                            <p className="font-medium" {...rtl(request)}>
                              {request.name}
                            </p>
                            {leadView.grouped && request.earlierRequestCount > 0 && (
                              <Badge variant="secondary" className="my-0.5">
                                {t('leads.earlierBadge', { count: request.earlierRequestCount })}
                              </Badge>
                            )}
                            <p className="text-xs break-all text-muted-foreground" {...latinValue}>
                              {request.email}
                            </p>
                            {request.phone != null && (
                              <p className="text-xs text-muted-foreground" {...latinValue}>
                                {request.phone}
                              </p>
                            )}
                          </div>
                        </TableCell>
                        <TableCell className="max-w-48">
                          <span {...rtl(request)}>{request.subject}</span>
                        </TableCell>
                        <TableCell className="max-w-64 text-muted-foreground">
                          <span {...rtl(request)}>{truncate(request.message)}</span>
                        </TableCell>
                        <TableCell>
                          <div className="grid justify-items-start gap-1">
                            <ContactStatusBadge status={request.status} />
                            <div className="flex flex-wrap gap-1">
                              {request.status !== 'responded' && (
                                <Button
                                  size="sm"
                                  variant="outline"
                                  className="h-7 px-2 text-xs"
                                  disabled={setStatus.isPending}
                                  onClick={() => {
                                    changeStatus(request, 'responded');
                                  }}
                                >
                                  <CheckCircle2 aria-hidden />
                                  {t('actions.markResponded')}
                                </Button>
                              )}
                              {request.status !== 'closed' && (
                                <Button
                                  size="sm"
                                  variant="outline"
                                  className="h-7 px-2 text-xs"
                                  disabled={setStatus.isPending}
                                  onClick={() => {
                                    changeStatus(request, 'closed');
                                  }}
                                >
                                  <XCircle aria-hidden />
                                  {t('actions.close')}
                                </Button>
                              )}
                            </div>
                          </div>
                        </TableCell>
                        <TableCell className="whitespace-nowrap">{f.date(request.createdAt)}</TableCell>
                        <TableCell>
                          <AssigneeCell request={request} />
                        </TableCell>
                        <TableCell>
                          <SourceLabel request={request} />
                        </TableCell>
                        <TableCell className="whitespace-nowrap">
                          <div className="flex flex-col gap-1 min-[1440px]:flex-row">
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={t('actions.export', { name: request.name })}
                              title={t('actions.exportTitle')}
                              onClick={() => {
                                exportOne.mutate(request, {
                                  onSuccess: () => toast({ title: t('toast.exported') }),
                                  onError: () => toast({ title: t('toast.exportFailed'), variant: 'destructive' }),
                                });
                              }}
                            >
                              <Download aria-hidden />
                            </Button>
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={t('actions.view', { name: request.name })}
                              title={t('actions.viewTitle')}
                              onClick={() => {
                                setDetails(request);
                              }}
                            >
                              <Eye aria-hidden />
                            </Button>
                            <Button
                              variant="ghost"
                              size="icon"
                              className="text-destructive hover:text-destructive"
                              aria-label={t('actions.delete', { name: request.name })}
                              title={t('actions.deleteTitle')}
                              onClick={() => {
                                setPendingDelete(request);
                              }}
                            >
                              <Trash2 aria-hidden />
                            </Button>
                          </div>
                        </TableCell>
                      </>
                    )}
                  </TableRows>
                </TableBody>
              </Table>
              <TablePagination {...pages} />
            </div>
          )}
        </CardContent>
      </Card>
      <RequestDetails
        request={details ?? linked.request ?? null}
        onClose={() => {
          setDetails(null);
          linked.forget();
        }}
        onOpen={setDetails}
      />
      <ExportDialog
        open={exporting}
        total={total}
        onClose={() => {
          setExporting(false);
        }}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.description')}
        confirmLabel={t('confirmDelete.confirm')}
        cancelLabel={t('cancel')}
        destructive
        onCancel={() => {
          setPendingDelete(null);
        }}
        onConfirm={() => {
          if (pendingDelete !== null) {
            remove.mutate(pendingDelete, {
              onSuccess: moved(t('toast.deleted')),
              onError: (error) => {
                const description = isConflict(error) ? t('toast.changedMeanwhile') : serverMessage(error);
                toast({ title: t('toast.deleteFailed'), description, variant: 'destructive' });
              },
            });
          }
          setPendingDelete(null);
        }}
      />
      <ConfirmDialog
        open={confirmAll}
        title={t('confirmDeleteAll.title')}
        description={t('confirmDeleteAll.description', { count: total })}
        confirmLabel={t('confirmDeleteAll.confirm')}
        cancelLabel={t('cancel')}
        destructive
        onCancel={() => {
          setConfirmAll(false);
        }}
        onConfirm={() => {
          removeAll.mutate(undefined, {
            onSuccess: moved(t('toast.allDeleted')),
            onError: (error) =>
              toast({ title: t('toast.deleteAllFailed'), description: serverMessage(error), variant: 'destructive' }),
          });
          setConfirmAll(false);
        }}
      />
    </div>
  );
}

/** Contact Requests (core-panel §2): the inbox, paged and searched on the server. */
export default function ContactsRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <ContactRequests />
    </Suspense>
  );
}
