import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { QueryError } from '@/components/query-error';
import {
  NAME_KEYS,
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
  TableSearch,
  useClientRows,
  useDeleteConfirmation,
} from '@/components/ui/table';
import { deleteToasts } from '@/hooks/delete-toasts';
import { useDeleteRegion } from '../api/delete-region';
import { useRegions, type Region } from '../api/get-regions';
import { RegionDialog, type RegionDialogState } from './region-dialog';

/** The Regions tab: 'English / Arabic' names, their city and their country. */
export function RegionsPanel() {
  const { t } = useTranslation();
  const regions = useRegions();
  const remove = useDeleteRegion();
  const [dialog, setDialog] = useState<RegionDialogState>(null);
  const table = useClientRows(regions.data ?? [], NAME_KEYS);
  const confirm = useDeleteConfirmation((region: Region) => {
    remove.mutate(
      region,
      deleteToasts(
        t('locations.regions.toast.deleted'),
        t('locations.regions.toast.deleteFailed'),
        t('locations.regions.toast.deleteFailed'),
      ),
    );
  });

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <AddButton
          label={t('locations.regions.add')}
          onClick={() => {
            setDialog({ region: null });
          }}
        />
      </div>
      {regions.isError ? (
        <QueryError error={regions.error} />
      ) : (
        <div className="grid gap-4">
          <TableSearch label={t('locations.search')} value={table.query} onChange={table.search} />
          <Table aria-label={t('locations.regions.tab')} aria-busy={regions.isPending || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('fields.name')}</TableHead>
                <TableHead>{t('fields.city')}</TableHead>
                <TableHead>{t('fields.country')}</TableHead>
                <RowActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableRows rows={table.rows} columnCount={4} isLoading={regions.isPending}>
                {(region) => (
                  <>
                    <TableCell className="font-medium">
                      {t('common.bilingual', { en: region.nameEn, ar: region.nameAr })}
                    </TableCell>
                    <TableCell>{t('common.bilingual', { en: region.cityNameEn, ar: region.cityNameAr })}</TableCell>
                    <TableCell>
                      {t('common.bilingual', { en: region.countryNameEn, ar: region.countryNameAr })}
                    </TableCell>
                    <RowActions
                      onEdit={() => {
                        setDialog({ region });
                      }}
                      onDelete={() => {
                        confirm.ask(region);
                      }}
                    />
                  </>
                )}
              </TableRows>
            </TableBody>
          </Table>
          <TablePagination {...table.pages} />
        </div>
      )}
      {confirm.dialog}
      <RegionDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}
