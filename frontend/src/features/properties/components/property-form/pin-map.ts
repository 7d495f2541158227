// Leaflet and its stylesheet, loaded only when a map pin picker is shown (map-pin-picker.tsx
// imports this module dynamically): the form's first download does not carry a map library.
import 'leaflet/dist/leaflet.css';
import {
  control,
  divIcon,
  map as leafletMap,
  marker as leafletMarker,
  tileLayer,
  type Control,
  type LatLng,
  type LeafletMouseEvent,
  type Marker,
  type TileLayer,
} from 'leaflet';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface PinMapOptions {
  center: Coordinates;
  zoom: number;
  /** The least zoom a pin given in numbers is shown at when it is brought into view. */
  pinZoom: number;
  /** Told where a click or the end of a drag put the pin. */
  onPlace: (at: Coordinates) => void;
  /** Told the tile template whose tile failed to load. */
  onTileError: (tileUrl: string) => void;
}

export interface ControlLabels {
  zoomIn: string;
  zoomOut: string;
  /** The tiles' credit, HTML (a link to the tiles' licence). */
  attribution: string;
}

/** A Leaflet map holding at most one pin, driven from outside (a React component). */
export interface PinMap {
  /** Puts the pin at `at` (bringing it into view) or removes it; `at` must be on the globe. */
  showPin: (at: Coordinates | null) => void;
  /** Shows the tiles of `url`, a Leaflet tile template, replacing any others. */
  showTiles: (url: string) => void;
  /** Puts the zoom buttons and the credit on the page's start and end sides, in its language. */
  showControls: (labels: ControlLabels, rtl: boolean) => void;
  remove: () => void;
}

/** Leaflet's default marker is an image found by URL, which bundlers break; this is CSS only. */
const pinIcon = divIcon({
  className: '',
  html: '<span class="block size-6 -rotate-45 rounded-full rounded-bl-none border-2 border-white bg-primary shadow-md"></span>',
  iconSize: [24, 24],
  // The tip: the square's sharp corner, turned to point down, 12·√2 px under its centre.
  iconAnchor: [12, 29],
});

/** Leaflet's own credit, without its default's English tooltip. */
const LEAFLET_CREDIT = '<a href="https://leafletjs.com">Leaflet</a>';

/** Six decimals (about 0.1 m): the precision a click or a drag can mean. */
function rounded(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function coordinates(position: LatLng): Coordinates {
  const wrapped = position.wrap();
  return { latitude: rounded(wrapped.lat), longitude: rounded(wrapped.lng) };
}

export function createPinMap(container: HTMLElement, { center, zoom, pinZoom, onPlace, onTileError }: PinMapOptions): PinMap {
  const map = leafletMap(container, { zoomControl: false, attributionControl: false }).setView(
    [center.latitude, center.longitude],
    zoom,
  );
  let pin: Marker | null = null;
  let tiles: TileLayer | null = null;
  let controls: Control[] = [];

  map.on('click', (event: LeafletMouseEvent) => {
    onPlace(coordinates(event.latlng));
  });

  // The page's content changes size (a dialog opening, a tab shown): the map measures itself again.
  const resizes = new ResizeObserver(() => {
    map.invalidateSize();
  });
  resizes.observe(container);

  return {
    showPin(at) {
      if (at === null) {
        pin?.remove();
        pin = null;
        return;
      }
      const position: [number, number] = [at.latitude, at.longitude];
      if (pin === null) {
        const placed = leafletMarker(position, { icon: pinIcon, draggable: true, keyboard: false, autoPan: true });
        placed.on('dragend', () => {
          onPlace(coordinates(placed.getLatLng()));
        });
        pin = placed.addTo(map);
      } else {
        pin.setLatLng(position);
      }
      if (!map.getBounds().contains(position)) map.setView(position, Math.max(map.getZoom(), pinZoom));
    },
    showTiles(url) {
      tiles?.remove();
      const shown = tileLayer(url, { maxZoom: 19 });
      shown.on('tileerror', () => {
        onTileError(url);
      });
      tiles = shown.addTo(map);
    },
    showControls({ zoomIn, zoomOut, attribution }, rtl) {
      for (const shown of controls) shown.remove();
      controls = [
        control.zoom({ position: rtl ? 'topright' : 'topleft', zoomInTitle: zoomIn, zoomOutTitle: zoomOut }),
        control.attribution({ position: rtl ? 'bottomleft' : 'bottomright', prefix: LEAFLET_CREDIT }).addAttribution(attribution),
      ];
      for (const shown of controls) shown.addTo(map);
    },
    remove() {
      resizes.disconnect();
      map.remove();
    },
  };
}
