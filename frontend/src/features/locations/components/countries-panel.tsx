import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { QueryError } from '@/components/query-error';
import { DataTable, NAME_KEYS, type DataTableColumn } from '@/components/ui/data-table';
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

  const columns: DataTableColumn<Country>[] = [
    {
      id: 'name',
      header: t('fields.name'),
      cell: (country) => t('common.bilingual', { en: country.nameEn, ar: country.nameAr }),
      className: 'font-medium',
    },
    { id: 'code', header: t('fields.code'), cell: (country) => <code>{country.code}</code> },
  ];

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
        <DataTable
          label={t('locations.countries.tab')}
          data={countries.data ?? []}
          columns={columns}
          isLoading={countries.isPending}
          searchKeys={NAME_KEYS}
          searchPlaceholder={t('locations.search')}
          onEdit={(country) => {
            setDialog({ country });
          }}
          onDelete={(country) => {
            remove.mutate(
              country,
              deleteToasts(
                t('locations.countries.toast.deleted'),
                t('locations.countries.toast.deleteFailed'),
                t('locations.countries.toast.deleteFailed'),
              ),
            );
          }}
        />
      )}
      <CountryDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}
