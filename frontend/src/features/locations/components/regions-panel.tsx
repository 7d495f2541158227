import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_KEYS, TableCell } from '@/components/ui/table';
import { useDeleteRegion } from '../api/delete-region';
import { useRegions } from '../api/get-regions';
import { RegionDialog, type RegionDialogState } from './region-dialog';
import { AuthorityCell, PlacesPanel, usePlaceName } from './places-panel';

/** The Regions tab: 'English / Arabic' names, their city, their country and the advertising authority. */
export function RegionsPanel() {
  const { t } = useTranslation();
  const placeName = usePlaceName();
  const [dialog, setDialog] = useState<RegionDialogState>(null);
  return (
    <PlacesPanel
      kind="regions"
      places={useRegions()}
      searchKeys={NAME_KEYS}
      remove={useDeleteRegion()}
      columns={[t('fields.city'), t('fields.country'), t('authority.label')]}
      cells={(region) => (
        <>
          <TableCell>{placeName(region.cityNameEn, region.cityNameAr)}</TableCell>
          <TableCell>{placeName(region.countryNameEn, region.countryNameAr)}</TableCell>
          <AuthorityCell authority={region.advertisingAuthority} />
        </>
      )}
      onAdd={() => {
        setDialog({ region: null });
      }}
      onEdit={(region) => {
        setDialog({ region });
      }}
      dialog={
        <RegionDialog
          state={dialog}
          onClose={() => {
            setDialog(null);
          }}
        />
      }
    />
  );
}
