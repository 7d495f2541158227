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
import { useDeleteCity } from '../api/delete-city';
import { useCities, type City } from '../api/get-cities';
import { CityDialog, type CityDialogState } from './city-dialog';

/** The Cities tab: 'English / Arabic' names and their country. */
export function CitiesPanel() {
  const { t } = useTranslation();
  const cities = useCities();
  const remove = useDeleteCity();
  const [dialog, setDialog] = useState<CityDialogState>(null);
  const table = useClientRows(cities.data ?? [], NAME_KEYS);
  const confirm = useDeleteConfirmation((city: City) => {
    remove.mutate(
      city,
      deleteToasts(
        t('locations.cities.toast.deleted'),
        t('locations.cities.toast.deleteFailed'),
        t('locations.cities.toast.deleteFailed'),
      ),
    );
  });

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <AddButton
          label={t('locations.cities.add')}
          onClick={() => {
            setDialog({ city: null });
          }}
        />
      </div>
      {cities.isError ? (
        <QueryError error={cities.error} />
      ) : (
        <div className="grid gap-4">
          <TableSearch label={t('locations.search')} value={table.query} onChange={table.search} />
          <Table aria-label={t('locations.cities.tab')} aria-busy={cities.isPending || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('fields.name')}</TableHead>
                <TableHead>{t('fields.country')}</TableHead>
                <RowActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableRows rows={table.rows} columnCount={3} isLoading={cities.isPending}>
                {(city) => (
                  <>
                    <TableCell className="font-medium">
                      {t('common.bilingual', { en: city.nameEn, ar: city.nameAr })}
                    </TableCell>
                    <TableCell>{t('common.bilingual', { en: city.countryNameEn, ar: city.countryNameAr })}</TableCell>
                    <RowActions
                      onEdit={() => {
                        setDialog({ city });
                      }}
                      onDelete={() => {
                        confirm.ask(city);
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
      <CityDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}
