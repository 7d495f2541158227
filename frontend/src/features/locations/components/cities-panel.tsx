import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_KEYS, TableCell } from '@/components/ui/table';
import { useDeleteCity } from '../api/delete-city';
import { useCities } from '../api/get-cities';
import { CityDialog, type CityDialogState } from './city-dialog';
import { AuthorityCell, PlacesPanel, usePlaceName } from './places-panel';

/** The Cities tab: 'English / Arabic' names, their country and the advertising authority. */
export function CitiesPanel() {
  const { t } = useTranslation();
  const placeName = usePlaceName();
  const [dialog, setDialog] = useState<CityDialogState>(null);
  return (
    <PlacesPanel
      kind="cities"
      places={useCities()}
      searchKeys={NAME_KEYS}
      remove={useDeleteCity()}
      columns={[t('fields.country'), t('authority.label')]}
      cells={(city) => (
        <>
          <TableCell>{placeName(city.countryNameEn, city.countryNameAr)}</TableCell>
          <AuthorityCell authority={city.advertisingAuthority} />
        </>
      )}
      onAdd={() => {
        setDialog({ city: null });
      }}
      onEdit={(city) => {
        setDialog({ city });
      }}
      dialog={
        <CityDialog
          state={dialog}
          onClose={() => {
            setDialog(null);
          }}
        />
      }
    />
  );
}
