import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_KEYS, TableCell } from '@/components/ui/table';
import { useDeleteCountry } from '../api/delete-country';
import { useCountries } from '../api/get-countries';
import { CountryDialog, type CountryDialogState } from './country-dialog';
import { AuthorityCell, PlacesPanel } from './places-panel';

/** The Countries tab: 'English / Arabic' names, the code and the advertising authority. */
export function CountriesPanel() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<CountryDialogState>(null);
  return (
    <PlacesPanel
      kind="countries"
      places={useCountries()}
      searchKeys={NAME_KEYS}
      remove={useDeleteCountry()}
      columns={[t('fields.code'), t('authority.label')]}
      cells={(country) => (
        <>
          <TableCell>
            <code>{country.code}</code>
          </TableCell>
          <AuthorityCell authority={country.advertisingAuthority} />
        </>
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
