import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { QueryError } from '@/components/query-error';
import { DataTable, NAME_KEYS, type DataTableColumn } from '@/components/ui/data-table';
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

  const columns: DataTableColumn<Region>[] = [
    {
      id: 'name',
      header: t('fields.name'),
      cell: (region) => t('common.bilingual', { en: region.nameEn, ar: region.nameAr }),
      className: 'font-medium',
    },
    {
      id: 'city',
      header: t('fields.city'),
      cell: (region) => t('common.bilingual', { en: region.cityNameEn, ar: region.cityNameAr }),
    },
    {
      id: 'country',
      header: t('fields.country'),
      cell: (region) => t('common.bilingual', { en: region.countryNameEn, ar: region.countryNameAr }),
    },
  ];

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
        <DataTable
          label={t('locations.regions.tab')}
          data={regions.data ?? []}
          columns={columns}
          isLoading={regions.isPending}
          searchKeys={NAME_KEYS}
          searchPlaceholder={t('locations.search')}
          onEdit={(region) => {
            setDialog({ region });
          }}
          onDelete={(region) => {
            remove.mutate(
              region,
              deleteToasts(
                t('locations.regions.toast.deleted'),
                t('locations.regions.toast.deleteFailed'),
                t('locations.regions.toast.deleteFailed'),
              ),
            );
          }}
        />
      )}
      <RegionDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}
