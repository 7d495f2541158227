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
import {
  PropertyTypeDialog,
  useDeletePropertyTypeWithToasts,
  usePropertyTypes,
  type PropertyType,
  type PropertyTypeDialogState,
} from '@/features/property-types';
import { englishText, pickText, useArabicFirst } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';
import { truncate } from '@/lib/rules';

/** The Property Types tab: the same types as /types, rows reading 'English / Arabic'. */
export function PropertyTypesPanel() {
  const { t } = useTranslation();
  const arabicFirst = useArabicFirst();
  const propertyTypes = usePropertyTypes();
  const onDelete = useDeletePropertyTypeWithToasts();
  const [dialog, setDialog] = useState<PropertyTypeDialogState>(null);

  const table = useClientRows(propertyTypes.data ?? [], NAME_KEYS);
  const confirm = useDeleteConfirmation(onDelete);

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
        <div className="grid gap-4">
          <TableSearch label={t('propertyTypes.search')} value={table.query} onChange={table.search} />
          <Table aria-label={t('management.propertyTypes')} aria-busy={propertyTypes.isPending || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('fields.name')}</TableHead>
                <TableHead className="max-w-md">{t('fields.description')}</TableHead>
                <RowActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableRows rows={table.rows} columnCount={3} isLoading={propertyTypes.isPending}>
                {(type: PropertyType) => (
                  <>
                    <TableCell className="font-medium">
                      {arabicFirst ? (
                        <>
                          <span {...arabicText}>{type.nameAr}</span>
                          {' / '}
                          <span {...englishText}>{type.nameEn}</span>
                        </>
                      ) : (
                        t('common.bilingual', { en: type.nameEn, ar: type.nameAr })
                      )}
                    </TableCell>
                    <TableCell className="max-w-md text-muted-foreground">
                      {truncate(pickText(arabicFirst, type.descriptionEn, type.descriptionAr))}
                    </TableCell>
                    <RowActions
                      onEdit={() => {
                        setDialog({ propertyType: type });
                      }}
                      onDelete={() => {
                        confirm.ask(type);
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
