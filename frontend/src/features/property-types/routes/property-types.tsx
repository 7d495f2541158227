import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, NAME_KEYS, type DataTableColumn } from '@/components/ui/data-table';
import { arabicText } from '@/lib/form';
import { truncate } from '@/lib/rules';
import { usePropertyTypes, type PropertyType } from '../api/get-property-types';
import { PropertyTypeDialog, type PropertyTypeDialogState } from '../components/property-type-dialog';
import { useDeletePropertyTypeWithToasts } from '../components/use-delete-property-type-with-toasts';

/** Property types (core-panel §2): names and descriptions in both languages, searchable. */
export default function PropertyTypesRoute() {
  const { t } = useTranslation();
  const propertyTypes = usePropertyTypes();
  const onDelete = useDeletePropertyTypeWithToasts();
  const [dialog, setDialog] = useState<PropertyTypeDialogState>(null);
  const rows = propertyTypes.data ?? [];

  const columns: DataTableColumn<PropertyType>[] = [
    { id: 'nameEn', header: t('fields.nameEn'), cell: (type) => <span className="font-medium">{type.nameEn}</span> },
    { id: 'nameAr', header: t('fields.nameAr'), cell: (type) => <span {...arabicText}>{type.nameAr}</span> },
    {
      id: 'descriptionEn',
      header: t('fields.descriptionEn'),
      cell: (type) => truncate(type.descriptionEn ?? ''),
      className: 'max-w-xs text-muted-foreground',
    },
    {
      id: 'descriptionAr',
      header: t('fields.descriptionAr'),
      cell: (type) => <span {...arabicText}>{truncate(type.descriptionAr ?? '')}</span>,
      className: 'max-w-xs text-muted-foreground',
    },
  ];

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader
        title={t('propertyTypes.title')}
        subtitle={t('propertyTypes.subtitle')}
        actions={
          <AddButton
            label={t('propertyTypes.add')}
            onClick={() => {
              setDialog({ propertyType: null });
            }}
          />
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>{t('propertyTypes.heading', { count: rows.length })}</CardTitle>
        </CardHeader>
        <CardContent>
          {propertyTypes.isError ? (
            <QueryError error={propertyTypes.error} />
          ) : (
            <DataTable
              label={t('propertyTypes.title')}
              data={rows}
              columns={columns}
              isLoading={propertyTypes.isPending}
              searchKeys={NAME_KEYS}
              searchPlaceholder={t('propertyTypes.search')}
              onEdit={(propertyType) => {
                setDialog({ propertyType });
              }}
              onDelete={onDelete}
              browserConfirm={t('propertyTypes.confirmDelete')}
            />
          )}
        </CardContent>
      </Card>
      <PropertyTypeDialog
        state={dialog}
        failures="toast"
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}
