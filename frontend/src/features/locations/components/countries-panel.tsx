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
import { useDeleteCountry } from '../api/delete-country';
import { useCountries, type Country } from '../api/get-countries';
import { CountryDialog, type CountryDialogState } from './country-dialog';

/** The Countries tab: 'English / Arabic' names and the code. */
export function CountriesPanel() {
  const { t } = useTranslation();
  const countries = useCountries();
  const remove = useDeleteCountry();
  const [dialog, setDialog] = useState<CountryDialogState>(null);
  const table = useClientRows(countries.data ?? [], NAME_KEYS);
  const confirm = useDeleteConfirmation((country: Country) => {
    remove.mutate(
      country,
      deleteToasts(
        t('locations.countries.toast.deleted'),
        t('locations.countries.toast.deleteFailed'),
        t('locations.countries.toast.deleteFailed'),
      ),
    );
  });

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <AddButton
          label={t('locations.countries.add')}
          onClick={() => {
            setDialog({ country: null });
          }}
        />
      </div>
      {countries.isError ? (
        <QueryError error={countries.error} />
      ) : (
        <div className="grid gap-4">
          <TableSearch label={t('locations.search')} value={table.query} onChange={table.search} />
          <Table aria-label={t('locations.countries.tab')} aria-busy={countries.isPending || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('fields.name')}</TableHead>
                <TableHead>{t('fields.code')}</TableHead>
                <RowActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableRows rows={table.rows} columnCount={3} isLoading={countries.isPending}>
                {(country) => (
                  <>
                    <TableCell className="font-medium">
                      {t('common.bilingual', { en: country.nameEn, ar: country.nameAr })}
                    </TableCell>
                    <TableCell>
                      <code>{country.code}</code>
                    </TableCell>
                    <RowActions
                      onEdit={() => {
                        setDialog({ country });
                      }}
                      onDelete={() => {
                        confirm.ask(country);
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
      <CountryDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}
