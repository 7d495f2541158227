import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_KEYS, TableCell } from '@/components/ui/table';
import { useDeleteCountry } from '../api/delete-country';
import { useCountries } from '../api/get-countries';
import { CountryDialog, type CountryDialogState } from './country-dialog';
import { PlacesPanel } from './places-panel';

/** The Countries tab: 'English / Arabic' names and the code. */
export function CountriesPanel() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<CountryDialogState>(null);
  return (
    <PlacesPanel
      kind="countries"
      places={useCountries()}
      searchKeys={NAME_KEYS}
      remove={useDeleteCountry()}
      columns={[t('fields.code')]}
      cells={(country) => (
        <TableCell>
          <code>{country.code}</code>
        </TableCell>
      )}
      onAdd={() => {
        setDialog({ country: null });
      }}
      onEdit={(country) => {
        setDialog({ country });
      }}
      dialog={
        <CountryDialog
          state={dialog}
          onClose={() => {
            setDialog(null);
          }}
        />
      }
    />
  );
}
