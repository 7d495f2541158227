// The listing's map pin (issue 39) in the form: the map pin picker over the server's tiles,
// holding the form's latitude, longitude and "approximate", with the rules' messages.
import { useController } from 'react-hook-form';
import { useMapTiles } from '../../api/get-map-tiles';
import { useFieldError, usePropertyForm } from './fields';
import { MapPinPicker, type PinPosition } from './map-pin-picker';

export function LocationPin() {
  const { control, getFieldState, trigger } = usePropertyForm();
  const tiles = useMapTiles();
  const latitude = useController({ control, name: 'latitude' });
  const longitude = useController({ control, name: 'longitude' });
  const approximate = useController({ control, name: 'locationApproximate' });
  const latitudeError = useFieldError('latitude');
  const longitudeError = useFieldError('longitude');

  const place = (position: PinPosition) => {
    latitude.field.onChange(position.latitude);
    longitude.field.onChange(position.longitude);
    // 'Both or neither' is one rule over two fields: its message moves with the half missing.
    if (getFieldState('latitude').invalid || getFieldState('longitude').invalid) {
      void trigger(['latitude', 'longitude']);
    }
  };

  return (
    <MapPinPicker
      latitude={latitude.field.value ?? null}
      longitude={longitude.field.value ?? null}
      approximate={approximate.field.value === true}
      onChange={place}
      onApproximateChange={approximate.field.onChange}
      tileUrl={tiles.data ?? null}
      tilesUnavailable={tiles.isError}
      errors={{ latitude: latitudeError, longitude: longitudeError }}
      inputRefs={{ latitude: latitude.field.ref, longitude: longitude.field.ref }}
    />
  );
}
