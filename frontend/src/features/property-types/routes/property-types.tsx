import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
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
} from '@/components/ui/table';
import { bilingualOrder, englishText, useArabicFirst } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';
import { truncate } from '@/lib/rules';
import { usePropertyTypes, type PropertyType } from '../api/get-property-types';
import { PropertyTypeDialog, type PropertyTypeDialogState } from '../components/property-type-dialog';
import { useDeletePropertyTypeWithToasts } from '../components/use-delete-property-type-with-toasts';

/** Property types (core-panel §2): names and descriptions in both languages, searchable. */
export default function PropertyTypesRoute() {
  const { t } = useTranslation();
  const arabicFirst = useArabicFirst();
  const propertyTypes = usePropertyTypes();
  const onDelete = useDeletePropertyTypeWithToasts();
  const [dialog, setDialog] = useState<PropertyTypeDialogState>(null);
  const rows = propertyTypes.data ?? [];

  const table = useClientRows(rows, NAME_KEYS);
  // The specification asks with the browser's confirm here, in its own words.
  const askDelete = (propertyType: PropertyType) => {
    if (window.confirm(t('propertyTypes.confirmDelete'))) onDelete(propertyType);
  };

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
            <div className="grid gap-4">
              <TableSearch label={t('propertyTypes.search')} value={table.query} onChange={table.search} />
              <Table aria-label={t('propertyTypes.title')} aria-busy={propertyTypes.isPending || undefined}>
                <TableHeader>
                  <TableRow>
                    {bilingualOrder(
                      arabicFirst,
                      <TableHead key="nameEn">{t('fields.nameEn')}</TableHead>,
                      <TableHead key="nameAr">{t('fields.nameAr')}</TableHead>,
                    )}
                    {bilingualOrder(
                      arabicFirst,
                      <TableHead key="descriptionEn" className="max-w-xs">
                        {t('fields.descriptionEn')}
                      </TableHead>,
                      <TableHead key="descriptionAr" className="max-w-xs">
                        {t('fields.descriptionAr')}
                      </TableHead>,
                    )}
                    <RowActionsHead />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  <TableRows rows={table.rows} columnCount={5} isLoading={propertyTypes.isPending}>
                    {(type) => (
                      <>
                        {bilingualOrder(
                          arabicFirst,
                          <TableCell key="nameEn">
                            <span className={arabicFirst ? undefined : 'font-medium'} {...englishText}>
                              {type.nameEn}
                            </span>
                          </TableCell>,
                          <TableCell key="nameAr">
                            <span className={arabicFirst ? 'font-medium' : undefined} {...arabicText}>
                              {type.nameAr}
                            </span>
                          </TableCell>,
                        )}
                        {bilingualOrder(
                          arabicFirst,
                          <TableCell key="descriptionEn" className="max-w-xs text-muted-foreground">
                            <span {...englishText}>{truncate(type.descriptionEn ?? '')}</span>
                          </TableCell>,
                          <TableCell key="descriptionAr" className="max-w-xs text-muted-foreground">
                            <span {...arabicText}>{truncate(type.descriptionAr ?? '')}</span>
                          </TableCell>,
                        )}
                        <RowActions
                          onEdit={() => {
                            setDialog({ propertyType: type });
                          }}
                          onDelete={() => {
                            askDelete(type);
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
