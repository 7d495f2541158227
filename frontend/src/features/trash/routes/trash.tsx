import { RotateCcw, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import {
  DebouncedTableSearch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TablePagination,
  TableRow,
  TableRows,
  useServerPages,
} from '@/components/ui/table';
import { useAuth } from '@/features/account';
import type { Entity } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { useListAddress } from '@/hooks/use-list-address';
import { serverMessage } from '@/lib/api-client';
import { textLanguage } from '@/lib/bilingual';
import { useFormat } from '@/lib/format';
import { constants } from '@/lib/rules';
import { usePurge, useRestore, useRestoreBatch, useTrashPage, type TrashEntry } from '../api/trash';

/** The kinds of record a delete moves to the trash, in the side bar's order. */
const AREAS: readonly Entity[] = [
  'property',
  'category',
  'propertyType',
  'country',
  'city',
  'region',
  'service',
  'processStep',
  'testimonial',
  'teamMember',
  'heroImage',
  'aboutSection',
  'companyValue',
  'user',
  'propertyFeature',
  'contactRequest',
];

function isArea(value: string): value is Entity {
  return (AREAS as readonly string[]).includes(value);
}

function TrashScreen() {
  const { t } = useTranslation(['trash', 'history']);
  const f = useFormat();
  const { user: me } = useAuth();
  const isAdmin = me?.role === constants().adminRole;
  const address = useListAddress();
  const [area, setArea] = useState<Entity | undefined>(undefined);
  const { pageSize } = constants();
  const listing = useTrashPage({ page: address.page, pageSize, q: address.q, entity: area });
  const restore = useRestore();
  const restoreBatch = useRestoreBatch();
  const purge = usePurge();
  const [purging, setPurging] = useState<TrashEntry | null>(null);
  const pages = useServerPages({
    page: address.page,
    total: listing.data?.total ?? 0,
    shown: listing.data?.rows.length ?? 0,
    isLoading: listing.isPending,
    onPageChange: address.onPageChange,
  });
  if (!isAdmin) return <NoAccess title={t('noAccess.title')} text={t('noAccess.text')} />;

  const rows = listing.data?.rows ?? [];
  const inBatch = (batch: string) => rows.filter((row) => row.batch === batch).length;
  const restored = {
    onSuccess: ({ restored: count }: { restored: number }) => {
      toast({ title: t('toast.restored', { count }) });
    },
    onError: (error: unknown) => {
      toast({ title: t('toast.restoreFailed'), description: serverMessage(error), variant: 'destructive' });
    },
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader title={t('title')} subtitle={t('subtitle', { days: constants().trashDays })} />
      <Card>
        <CardHeader>
          <CardTitle>{t('heading', { count: listing.data?.total ?? 0 })}</CardTitle>
        </CardHeader>
        <CardContent>
          {listing.isError ? (
            <QueryError error={listing.error} />
          ) : (
            <div className="grid gap-4">
              <div className="flex flex-wrap items-end gap-4">
                <DebouncedTableSearch label={t('search')} query={address.q} onQueryChange={address.onQueryChange} />
                <div className="grid gap-1">
                  <Label htmlFor="trash-area">{t('area')}</Label>
                  <Select
                    id="trash-area"
                    value={area ?? ''}
                    onChange={(event) => {
                      const value = event.target.value;
                      setArea(isArea(value) ? value : undefined);
                      address.onPageChange(1);
                    }}
                  >
                    <option value="">{t('allAreas')}</option>
                    {AREAS.map((entity) => (
                      <option key={entity} value={entity}>
                        {t(`history:entity.${entity}`)}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
              <Table aria-label={t('title')} aria-busy={listing.isPending || undefined}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('columns.name')}</TableHead>
                    <TableHead>{t('columns.area')}</TableHead>
                    <TableHead>{t('columns.deletedBy')}</TableHead>
                    <TableHead>{t('columns.deletedAt')}</TableHead>
                    <TableHead>{t('columns.actions')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  <TableRows rows={rows} columnCount={5} isLoading={listing.isPending} emptyText={t('empty')}>
                    {(entry) => (
                      <>
                        <TableCell>
                          <span className="font-medium" {...textLanguage(entry.name)}>
                            {entry.name}
                          </span>
                        </TableCell>
                        <TableCell>{t(`history:entity.${entry.entity}`)}</TableCell>
                        <TableCell>
                          <span {...textLanguage(entry.deletedBy ?? '')}>{entry.deletedBy ?? t('unknownUser')}</span>
                        </TableCell>
                        <TableCell className="whitespace-nowrap">{f.dateTime(entry.deletedAt)}</TableCell>
                        <TableCell>
                          <div className="flex flex-wrap gap-2">
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={t('restoreNamed', { name: entry.name })}
                              onClick={() => {
                                restore.mutate({ entity: entry.entity, id: entry.id }, restored);
                              }}
                            >
                              <RotateCcw aria-hidden />
                              {t('restore')}
                            </Button>
                            {inBatch(entry.batch) > 1 && (
                              <Button
                                size="sm"
                                variant="outline"
                                aria-label={t('restoreBatchNamed', { name: entry.name })}
                                onClick={() => {
                                  restoreBatch.mutate(entry.batch, restored);
                                }}
                              >
                                <RotateCcw aria-hidden />
                                {t('restoreBatch', { count: inBatch(entry.batch) })}
                              </Button>
                            )}
                            <Button
                              size="sm"
                              variant="destructive"
                              aria-label={t('purgeNamed', { name: entry.name })}
                              onClick={() => {
                                setPurging(entry);
                              }}
                            >
                              <Trash2 aria-hidden />
                              {t('purge')}
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
      <ConfirmDialog
        open={purging !== null}
        title={t('confirmPurge.title')}
        description={t('confirmPurge.description', { name: purging?.name ?? '' })}
        confirmLabel={t('confirmPurge.confirm')}
        cancelLabel={t('confirmPurge.cancel')}
        destructive
        onCancel={() => {
          setPurging(null);
        }}
        onConfirm={() => {
          if (purging !== null) {
            purge.mutate(
              { entity: purging.entity, id: purging.id },
              {
                onSuccess: () => {
                  toast({ title: t('toast.purged') });
                },
                onError: (error) => {
                  toast({ title: t('toast.purgeFailed'), description: serverMessage(error), variant: 'destructive' });
                },
              },
            );
          }
          setPurging(null);
        }}
      />
    </div>
  );
}

/** The trash (issue 24): administrators restore or purge what was deleted. */
export default function TrashRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <TrashScreen />
    </Suspense>
  );
}
