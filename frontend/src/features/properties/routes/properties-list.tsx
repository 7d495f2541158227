import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Upload, X } from 'lucide-react';
import { AddButton } from '@/components/add-button';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import {
  DebouncedTableSearch,
  RowActions,
  RowActionsHead,
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
  useDeleteConfirmation,
  useRowSelection,
  useServerPages,
} from '@/components/ui/table';
import { IMPORT_PATH, importIdFrom } from '@/features/imports';
import { useListAddress } from '@/hooks/use-list-address';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';
import { latinValue, pickText, useArabicFirst } from '@/lib/bilingual';
import { scaledImage } from '@/lib/media';
import { constants } from '@/lib/rules';
import { propertyFilter } from '../api/bulk-properties';
import { useExportProperties } from '../api/export-properties';
import { usePropertiesPage, useProperty, type Property } from '../api/get-properties';
import { PropertyBulkActions } from '../components/bulk-actions';
import { ExportMenu } from '../components/export-menu';
import { OrderSelect, RELEVANCE } from '../components/order-select';
import { SearchFilters } from '../components/search-filters';
import { useSearchFiltersAddress } from '../components/search-filters-address';
import { continentLabel } from '../components/listing-text';
import { PropertyDialog, type PropertyDialogState } from '../components/property-dialog';
import { AgentName } from '../components/agent-name';
import { StatusBadge } from '../components/status-badge';
import { OfferingBadge } from '../components/offering-badge';
import { PortalBadges } from '../components/portal-badges';
import { PublishingBadge } from '../components/publishing-badge';
import { QualityScore } from '../components/quality-score';
import { useDeletePropertyWithToasts, useDuplicatePropertyWithToasts } from '../components/use-property-actions';
import { useFormat } from '@/lib/format';

/** Orders the list has only while searched: best match first. */
const SEARCH_ONLY_SORTS = [RELEVANCE];

function Thumbnail({ property }: { property: Property }) {
  const { t } = useTranslation('properties');
  const arabicFirst = useArabicFirst();
  const [cover] = property.images;
  if (cover === undefined) {
    return (
      <span className="flex size-11 items-center justify-center rounded-md bg-muted text-center text-[10px] text-muted-foreground">
        {t('common.noImage', { ns: 'translation' })}
      </span>
    );
  }
  return (
    <img
      src={scaledImage(cover, 160)}
      alt={pickText(arabicFirst, property.titleEn, property.titleAr)}
      className="size-11 rounded-md object-cover"
    />
  );
}

/** The chip that says the list shows one import's listings, and takes the filter off. */
function ImportedFilter({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation('properties');
  return (
    <div className="flex">
      <span className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-1 ps-3 pe-1 text-sm">
        {t('imported')}
        <Button type="button" variant="ghost" size="icon" className="size-6 rounded-full" aria-label={t('clearImported')} onClick={onClear}>
          <X aria-hidden />
        </Button>
      </span>
    </div>
  );
}

/**
 * Properties (core-panel §2): the listings a page at a time, searched (English or Arabic,
 * folded), ordered and paged by the server; each can be edited, duplicated or deleted.
 */
function PropertiesList() {
  const { t, i18n } = useTranslation('properties');
  const f = useFormat();
  const { pageSize } = constants();
  const address = useListAddress({ searchOnlySorts: SEARCH_ONLY_SORTS });
  const searchFilters = useSearchFiltersAddress();
  const { search } = useLocation();
  // `?importId=ID` (an import's summary) shows only the listings that import wrote.
  const importId = importIdFrom(search);
  const listing = usePropertiesPage({
    page: address.page,
    pageSize,
    q: address.q,
    sort: address.sort === null ? undefined : sortParam(address.sort),
    importId,
    filters: searchFilters.filters,
  });
  // The selection holds while the search and filters do: 'all matching' means them.
  const filter = propertyFilter(address.q, search, searchFilters.filters);
  const { selection, dispatch } = useRowSelection(JSON.stringify(filter));
  const onDelete = useDeletePropertyWithToasts();
  const onDuplicate = useDuplicatePropertyWithToasts();
  const [dialog, setDialog] = useState<PropertyDialogState>(null);
  // `?edit=ID` (a contact request's related property) opens that listing's edit dialog.
  const navigate = useNavigate();
  const editParam = Number(new URLSearchParams(search).get('edit'));
  const linked = useProperty(Number.isInteger(editParam) && editParam > 0 ? editParam : null);
  const [linkedOpened, setLinkedOpened] = useState<number | null>(null);
  if (linked.data !== undefined && linkedOpened !== linked.data.id) {
    setLinkedOpened(linked.data.id);
    setDialog({ property: linked.data });
  }
  useEffect(() => {
    if (linked.data === undefined) return;
    const next = new URLSearchParams(search);
    next.delete('edit');
    const text = next.toString();
    void navigate({ search: text === '' ? '' : `?${text}` }, { replace: true });
    // Opened once per link: the address loses `edit` at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked.data]);
  // While the next page loads, the rows shown are still the last page's: so is the
  // 'Showing X to Y' line, until the answer arrives.
  const [settledPage, setSettledPage] = useState(address.page);
  if (!listing.isPlaceholderData && listing.isSuccess && settledPage !== address.page) setSettledPage(address.page);
  const shownPage = listing.isPlaceholderData ? settledPage : address.page;
  const arabicFirst = useArabicFirst();

  const pages = useServerPages({
    page: shownPage,
    total: listing.data?.total ?? 0,
    shown: listing.data?.rows.length ?? 0,
    isLoading: listing.isPending,
    onPageChange: address.onPageChange,
  });
  const confirm = useDeleteConfirmation(onDelete);
  const sorting = { sort: address.sort, onSortChange: address.onSortChange };
  const exporting = useExportProperties();
  const onExport = (format: 'xlsx' | 'csv') => {
    exporting.mutate(
      {
        format,
        q: address.q,
        sort: address.sort === null ? undefined : sortParam(address.sort),
        search,
        filters: searchFilters.filters,
        language: i18n.language,
      },
      {
        onError: (error) => {
          toast({ title: t('export.failed'), description: serverMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            <ExportMenu onExport={onExport} busy={exporting.isPending} />
            <Button asChild variant="outline">
              <Link to={IMPORT_PATH}>
                <Upload aria-hidden />
                {t('import')}
              </Link>
            </Button>
            <AddButton
              label={t('add')}
              onClick={() => {
                setDialog({ property: null });
              }}
            />
          </>
        }
      />
      <Card>
        <CardContent className="p-4">
          {listing.isError ? (
            <QueryError error={listing.error} />
          ) : listing.isPending ? (
            <p role="status" className="py-10 text-center text-muted-foreground">
              {t('common.loading', { ns: 'translation' })}
            </p>
          ) : (
            <div className="grid gap-4">
              <DebouncedTableSearch label={t('search')} query={address.q} onQueryChange={address.onQueryChange} />
              <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
                <SearchFilters
                  texts={searchFilters.texts}
                  active={searchFilters.active}
                  onFiltersChange={searchFilters.onFiltersChange}
                  onClear={searchFilters.onClear}
                />
                <OrderSelect sort={address.sort} searching={address.q !== ''} onSortChange={address.onSortChange} />
              </div>
              {importId !== undefined && (
                <ImportedFilter
                  onClear={() => {
                    const next = new URLSearchParams(search);
                    next.delete('importId');
                    next.delete('page');
                    const text = next.toString();
                    void navigate({ search: text === '' ? '' : `?${text}` });
                  }}
                />
              )}
              <PropertyBulkActions
                selection={selection}
                dispatch={dispatch}
                page={listing.data.rows}
                total={listing.data.total}
                filter={filter}
              />
              <Table aria-label={t('title')}>
                <TableHeader>
                  <TableRow>
                    <SelectPageHead selection={selection} page={listing.data.rows} dispatch={dispatch} />
                    <SortableHead field="propertyNumber" className="px-3 whitespace-nowrap" {...sorting}>
                      {t('columns.number')}
                    </SortableHead>
                    <TableHead className="px-2">{t('columns.image')}</TableHead>
                    <SortableHead field="titleEn" className="max-w-64 px-3" {...sorting}>
                      {t('columns.title')}
                    </SortableHead>
                    <TableHead className="px-3">{t('columns.category')}</TableHead>
                    <TableHead className="px-3">{t('columns.type')}</TableHead>
                    <SortableHead field="price" className="px-3 whitespace-nowrap" {...sorting}>
                      {t('columns.price')}
                    </SortableHead>
                    <TableHead className="px-3">{t('columns.offering')}</TableHead>
                    <TableHead className="px-3 whitespace-nowrap">{t('columns.continent')}</TableHead>
                    <SortableHead field="status" className="px-3" {...sorting}>
                      {t('columns.status')}
                    </SortableHead>
                    <SortableHead field="quality" className="px-3" {...sorting}>
                      {t('columns.quality')}
                    </SortableHead>
                    <TableHead className="px-3">{t('columns.portals')}</TableHead>
                    <TableHead className="px-3">{t('columns.agent')}</TableHead>
                    <RowActionsHead />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  <TableRows rows={listing.data.rows} columnCount={14}>
                    {(property) => (
                      <>
                        <SelectRowCell
                          selection={selection}
                          row={property}
                          page={listing.data.rows}
                          name={pickText(arabicFirst, property.titleEn, property.titleAr)}
                          dispatch={dispatch}
                        />
                        <TableCell className="px-3 whitespace-nowrap">
                          <span className="font-mono text-xs" {...latinValue}>
                            {property.propertyNumber || t('numberFallback', { id: property.id })}
                          </span>
                        </TableCell>
                        <TableCell className="px-2">
                          <Thumbnail property={property} />
                        </TableCell>
                        <TableCell className="max-w-64 px-3">
                          <p className="font-medium">{pickText(arabicFirst, property.titleEn, property.titleAr)}</p>
                          <p className="text-xs text-muted-foreground">
                            {pickText(arabicFirst, property.locationEn, property.locationAr)}
                          </p>
                        </TableCell>
                        <TableCell className="px-3">
                          {pickText(arabicFirst, property.categoryName, property.categoryNameAr)}
                        </TableCell>
                        <TableCell className="px-3">{pickText(arabicFirst, property.typeName, property.typeNameAr)}</TableCell>
                        <TableCell className="px-3 whitespace-nowrap" {...latinValue}>
                          {t('price', { price: f.number(property.price), currency: property.currency })}
                        </TableCell>
                        <TableCell className="px-3">
                          <OfferingBadge offeringType={property.offeringType} rentFrequency={property.rentFrequency} />
                        </TableCell>
                        <TableCell className="px-3 whitespace-nowrap">
                          {property.continent == null ? '' : continentLabel(property.continent, arabicFirst)}
                        </TableCell>
                        <TableCell className="px-3">
                          <span className="flex flex-wrap items-center gap-1">
                            <StatusBadge status={property.status} />
                            <PublishingBadge publishAt={property.publishAt} unpublishAt={property.unpublishAt} />
                          </span>
                        </TableCell>
                        <TableCell className="px-3">
                          <QualityScore score={property.quality} />
                        </TableCell>
                        <TableCell className="px-3">
                          <PortalBadges publishTo={property.publishTo} blockedFor={property.blockedFor} />
                        </TableCell>
                        <TableCell className="px-3">
                          <AgentName id={property.agentId} />
                        </TableCell>
                        <RowActions
                          onEdit={() => {
                            setDialog({ property });
                          }}
                          onDuplicate={() => {
                            onDuplicate(property);
                          }}
                          onDelete={() => {
                            confirm.ask(property);
                          }}
                        />
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
      {confirm.dialog}
      <PropertyDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}

/** The screen, once its text (the `properties` namespace) has arrived with its code. */
export default function PropertiesListRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <PropertiesList />
    </Suspense>
  );
}
