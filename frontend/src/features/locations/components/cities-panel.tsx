import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { QueryError } from '@/components/query-error';
import { DataTable, NAME_KEYS, type DataTableColumn } from '@/components/ui/data-table';
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

  const columns: DataTableColumn<City>[] = [
    {
      id: 'name',
      header: t('fields.name'),
      cell: (city) => t('common.bilingual', { en: city.nameEn, ar: city.nameAr }),
      className: 'font-medium',
    },
    {
      id: 'country',
      header: t('fields.country'),
      cell: (city) => t('common.bilingual', { en: city.countryNameEn, ar: city.countryNameAr }),
    },
  ];

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
        <DataTable
          label={t('locations.cities.tab')}
          data={cities.data ?? []}
          columns={columns}
          isLoading={cities.isPending}
          searchKeys={NAME_KEYS}
          searchPlaceholder={t('locations.search')}
          onEdit={(city) => {
            setDialog({ city });
          }}
          onDelete={(city) => {
            remove.mutate(
              city,
              deleteToasts(
                t('locations.cities.toast.deleted'),
                t('locations.cities.toast.deleteFailed'),
                t('locations.cities.toast.deleteFailed'),
              ),
            );
          }}
        />
      )}
      <CityDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}
