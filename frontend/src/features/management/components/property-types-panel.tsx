import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { QueryError } from '@/components/query-error';
import { DataTable, NAME_KEYS, type DataTableColumn } from '@/components/ui/data-table';
import {
  PropertyTypeDialog,
  useDeletePropertyTypeWithToasts,
  usePropertyTypes,
  type PropertyType,
  type PropertyTypeDialogState,
} from '@/features/property-types';
import { truncate } from '@/lib/rules';

/** The Property Types tab: the same types as /types, rows reading 'English / Arabic'. */
export function PropertyTypesPanel() {
  const { t } = useTranslation();
  const propertyTypes = usePropertyTypes();
  const onDelete = useDeletePropertyTypeWithToasts();
  const [dialog, setDialog] = useState<PropertyTypeDialogState>(null);

  const columns: DataTableColumn<PropertyType>[] = [
    {
      id: 'name',
      header: t('fields.name'),
      cell: (type) => t('common.bilingual', { en: type.nameEn, ar: type.nameAr }),
      className: 'font-medium',
    },
    {
      id: 'description',
      header: t('fields.description'),
      cell: (type) => truncate(type.descriptionEn ?? ''),
      className: 'max-w-md text-muted-foreground',
    },
  ];

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <AddButton
          label={t('propertyTypes.add')}
          onClick={() => {
            setDialog({ propertyType: null });
          }}
        />
      </div>
      {propertyTypes.isError ? (
        <QueryError error={propertyTypes.error} />
      ) : (
        <DataTable
          label={t('management.propertyTypes')}
          data={propertyTypes.data ?? []}
          columns={columns}
          isLoading={propertyTypes.isPending}
          searchKeys={NAME_KEYS}
          searchPlaceholder={t('propertyTypes.search')}
          onEdit={(propertyType) => {
            setDialog({ propertyType });
          }}
          onDelete={onDelete}
        />
      )}
      <PropertyTypeDialog
        state={dialog}
        failures="inline"
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}
