// Where the property is, as a pin on a map (issue 39): a click on the map puts the pin, the
// pin can be dragged, and its latitude and longitude can be typed, which works without the
// map too (its tiles or its code failing to load). The numbers are only read here; the rules
// judge them and their messages come back as `errors`.
import { useDirection } from '@radix-ui/react-direction';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ltrText } from '@/components/ltr';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormat } from '@/lib/format';
import type { Coordinates, PinMap } from './pin-map';

/** The pin's position; both none when there is no pin, one none while the other is being typed. */
export interface PinPosition {
  latitude: number | null;
  longitude: number | null;
}

/** Dubai, the map's centre while there is no pin. */
export const DEFAULT_MAP_CENTER: Coordinates & { zoom: number } = { latitude: 25.2048, longitude: 55.2708, zoom: 10 };

/** The zoom the map shows a pin at: streets and buildings. */
const PIN_ZOOM = 15;

/** How near the public pages show an approximate location, in metres (said under the check box). */
const APPROXIMATE_RADIUS_M = 500;

export interface MapPinPickerProps {
  latitude: number | null;
  longitude: number | null;
  approximate: boolean;
  onChange: (position: PinPosition) => void;
  onApproximateChange: (approximate: boolean) => void;
  /**
   * A Leaflet tile template, e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; none
   * while it is being read (the map shows no tiles yet).
   */
  tileUrl: string | null;
  /** The tile template could not be read: the map says it is unavailable, the inputs still work. */
  tilesUnavailable?: boolean;
  /** The tiles' credit as HTML; OpenStreetMap's, in the interface language, by default. */
  attribution?: string;
  /** Where the map opens while there is no pin (read when the map is made). */
  defaultCenter?: Coordinates & { zoom: number };
  /** The rules' messages, shown under the inputs. */
  errors?: { latitude?: string | undefined; longitude?: string | undefined };
  /** The coordinate inputs, for a form to put the cursor in the one that failed. */
  inputRefs?: { latitude?: Ref<HTMLInputElement>; longitude?: Ref<HTMLInputElement> };
}

/** A coordinate as typed: empty is none; what is not a number is none too (a number input's value is '' then). */
function readCoordinate(entry: string): number | null {
  if (entry.trim() === '') return null;
  const value = Number(entry);
  return Number.isFinite(value) ? value : null;
}

function writeCoordinate(value: number | null): string {
  return value === null ? '' : String(value);
}

/**
 * The pin's place on the map, none without both coordinates or off the globe: such a place
 * is not drawn (brought into view, a huge longitude exhausts the page's memory), its numbers
 * stay in the inputs, under the rules' message.
 */
function mapPlace(latitude: number | null, longitude: number | null): Coordinates | null {
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * The text of a coordinate's input: what was typed while it still reads as the value ('25.'
 * is 25), the value written afresh when it changed from elsewhere (the map, 'Clear pin').
 */
function useCoordinateEntry(value: number | null) {
  const [entry, setEntry] = useState(() => writeCoordinate(value));
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (!Object.is(readCoordinate(entry), value)) setEntry(writeCoordinate(value));
  }
  return [entry, setEntry] as const;
}

export function MapPinPicker({
  latitude,
  longitude,
  approximate,
  onChange,
  onApproximateChange,
  tileUrl,
  tilesUnavailable = false,
  attribution,
  defaultCenter = DEFAULT_MAP_CENTER,
  errors,
  inputRefs,
}: MapPinPickerProps) {
  const { t } = useTranslation('propertyForm');
  const format = useFormat();
  const rtl = useDirection() === 'rtl';
  const approximateId = useId();
  const container = useRef<HTMLDivElement>(null);
  const [pinMap, setPinMap] = useState<PinMap | null>(null);
  const [mapMissing, setMapMissing] = useState(false);
  const [failedTiles, setFailedTiles] = useState<string | null>(null);
  const [latitudeEntry, setLatitudeEntry] = useCoordinateEntry(latitude);
  const [longitudeEntry, setLongitudeEntry] = useCoordinateEntry(longitude);

  // The map is made once; it tells the latest `onChange`, whatever the parent passed since.
  const place = useRef(onChange);
  useEffect(() => {
    place.current = onChange;
  });
  // The view it opens on: the pin, or the default centre while there is none.
  const [openingView] = useState(() => {
    const pin = mapPlace(latitude, longitude);
    return pin === null
      ? { center: { latitude: defaultCenter.latitude, longitude: defaultCenter.longitude }, zoom: defaultCenter.zoom }
      : { center: pin, zoom: PIN_ZOOM };
  });

  useEffect(() => {
    const target = container.current;
    if (target === null) return undefined;
    let cancelled = false;
    let created: PinMap | undefined;
    import('./pin-map').then(
      ({ createPinMap }) => {
        if (cancelled) return;
        created = createPinMap(target, {
          ...openingView,
          pinZoom: PIN_ZOOM,
          onPlace: (at) => {
            place.current(at);
          },
          onTileError: setFailedTiles,
        });
        setPinMap(created);
      },
      () => {
        if (!cancelled) setMapMissing(true);
      },
    );
    return () => {
      cancelled = true;
      created?.remove();
    };
  }, [openingView]);

  useEffect(() => {
    pinMap?.showPin(mapPlace(latitude, longitude));
  }, [pinMap, latitude, longitude]);

  useEffect(() => {
    if (tileUrl !== null) pinMap?.showTiles(tileUrl);
  }, [pinMap, tileUrl]);

  const zoomIn = t('map.zoomIn');
  const zoomOut = t('map.zoomOut');
  const credit = attribution ?? t('map.attribution');
  useEffect(() => {
    pinMap?.showControls({ zoomIn, zoomOut, attribution: credit }, rtl);
  }, [pinMap, zoomIn, zoomOut, credit, rtl]);

  const unavailable = mapMissing || tilesUnavailable || (tileUrl !== null && failedTiles === tileUrl);
  const pinned = latitude !== null || longitude !== null;

  return (
    <div className="grid gap-4">
      <div>
        {/* Isolated: Leaflet's panes and controls stack above each other, not above the page's dialogs. */}
        <div
          ref={container}
          role="region"
          aria-label={t('map.label')}
          className="isolate h-64 w-full overflow-hidden rounded-lg border border-border bg-muted"
        />
        {/* Present from the start, so that the notice is read out when it appears. */}
        <div role="status">{unavailable && <p className="mt-2 text-sm text-amber-800">{t('map.unavailable')}</p>}</div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('map.latitude')} error={errors?.latitude}>
          <Input
            ref={inputRefs?.latitude}
            type="number"
            inputMode="decimal"
            step="any"
            {...ltrText}
            value={latitudeEntry}
            onChange={(event) => {
              setLatitudeEntry(event.target.value);
              onChange({ latitude: readCoordinate(event.target.value), longitude });
            }}
          />
        </FormField>
        <FormField label={t('map.longitude')} error={errors?.longitude}>
          <Input
            ref={inputRefs?.longitude}
            type="number"
            inputMode="decimal"
            step="any"
            {...ltrText}
            value={longitudeEntry}
            onChange={(event) => {
              setLongitudeEntry(event.target.value);
              onChange({ latitude, longitude: readCoordinate(event.target.value) });
            }}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor={approximateId} className="flex items-center gap-2 text-sm font-medium">
            <Checkbox
              id={approximateId}
              checked={approximate}
              onCheckedChange={(checked) => {
                onApproximateChange(checked === true);
              }}
              aria-describedby={`${approximateId}-hint`}
            />
            {t('map.approximate')}
          </label>
          <p id={`${approximateId}-hint`} className="text-xs text-muted-foreground">
            {t('map.approximateHint', { distance: format.number(APPROXIMATE_RADIUS_M) })}
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!pinned}
          onClick={() => {
            onChange({ latitude: null, longitude: null });
          }}
        >
          {t('map.clearPin')}
        </Button>
      </div>
    </div>
  );
}
