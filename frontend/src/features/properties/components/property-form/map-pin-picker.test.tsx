import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { setInterfaceLanguage } from '@/i18n';
import ar from '@/i18n/property-form.ar.json';
import { DEFAULT_MAP_CENTER, MapPinPicker, type MapPinPickerProps, type PinPosition } from './map-pin-picker';

const TILES = 'https://tile.example.test/{z}/{x}/{y}.png';

interface Setup {
  latitude?: number | null;
  longitude?: number | null;
  approximate?: boolean;
  errors?: MapPinPickerProps['errors'];
}

/** The picker under a parent that keeps what it is told, as the form will. */
function renderPicker({ latitude = null, longitude = null, approximate = false, errors }: Setup = {}) {
  const onChange = vi.fn<(position: PinPosition) => void>();
  const onApproximateChange = vi.fn<(approximate: boolean) => void>();
  function Parent() {
    const [position, setPosition] = useState<PinPosition>({ latitude, longitude });
    const [isApproximate, setApproximate] = useState(approximate);
    return (
      <MapPinPicker
        {...position}
        approximate={isApproximate}
        onChange={(next) => {
          onChange(next);
          setPosition(next);
        }}
        onApproximateChange={(next) => {
          onApproximateChange(next);
          setApproximate(next);
        }}
        tileUrl={TILES}
        errors={errors}
      />
    );
  }
  render(<Parent />);
  return { onChange, onApproximateChange };
}

function map(name = 'Map: click to place the pin') {
  return screen.getByRole('region', { name });
}

function pin(): Element | null {
  return map().querySelector('.leaflet-marker-icon');
}

/** The map once Leaflet is loaded and has asked for its first tile. */
async function loadedMap(name?: string): Promise<HTMLElement> {
  const region = map(name);
  await waitFor(() => {
    expect(region.querySelector('img.leaflet-tile')).not.toBeNull();
  });
  return region;
}

/**
 * A press of the main mouse button as a browser sends it: jsdom leaves the legacy `which`
 * at 0, where browsers say 1, and Leaflet's dragging reads `which`.
 */
function mainButton(type: 'mousedown' | 'mousemove' | 'mouseup', clientX: number, clientY: number): MouseEvent {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, clientX, clientY });
  Object.defineProperty(event, 'which', { value: 1 });
  return event;
}

describe('the map pin picker', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('propertyForm');
  });

  beforeEach(() => {
    // Leaflet keeps the page's scroll when the map takes the focus; jsdom does not scroll.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('labels the map, both coordinates and the approximate check box', () => {
    renderPicker();

    expect(map()).toBeInTheDocument();
    for (const label of ['Latitude', 'Longitude']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('type', 'number');
      expect(input).toHaveAttribute('inputmode', 'decimal');
      expect(input).toHaveAttribute('step', 'any');
      expect(input).toHaveAttribute('dir', 'ltr');
    }
    expect(screen.getByRole('checkbox', { name: 'Location is approximate' })).toHaveAccessibleDescription(
      'Public pages show the pin to within about 500 m',
    );
  });

  it('tells the coordinates typed as numbers, and puts the pin there', async () => {
    const { onChange } = renderPicker();
    await loadedMap();
    expect(pin()).toBeNull();

    await userEvent.type(screen.getByLabelText('Latitude'), '25.1972');
    expect(onChange).toHaveBeenLastCalledWith({ latitude: 25.1972, longitude: null });
    expect(pin()).toBeNull();
    await userEvent.type(screen.getByLabelText('Longitude'), '-55.2744');

    expect(onChange).toHaveBeenLastCalledWith({ latitude: 25.1972, longitude: -55.2744 });
    expect(screen.getByLabelText('Latitude')).toHaveValue(25.1972);
    await waitFor(() => {
      expect(pin()).not.toBeNull();
    });
  });

  it('removes the pin when both coordinates are cleared', async () => {
    const { onChange } = renderPicker({ latitude: 25.1972, longitude: 55.2744 });
    await loadedMap();
    await waitFor(() => {
      expect(pin()).not.toBeNull();
    });

    await userEvent.clear(screen.getByLabelText('Latitude'));
    await userEvent.clear(screen.getByLabelText('Longitude'));

    expect(onChange).toHaveBeenLastCalledWith({ latitude: null, longitude: null });
    await waitFor(() => {
      expect(pin()).toBeNull();
    });
  });

  it('draws no pin for coordinates off the globe, and keeps them for the rules to judge', async () => {
    const { onChange } = renderPicker({ latitude: 25.1972, longitude: 55.2744 });
    await loadedMap();
    await waitFor(() => {
      expect(pin()).not.toBeNull();
    });

    await userEvent.clear(screen.getByLabelText('Longitude'));
    await userEvent.type(screen.getByLabelText('Longitude'), '1e308');

    expect(onChange).toHaveBeenLastCalledWith({ latitude: 25.1972, longitude: 1e308 });
    await waitFor(() => {
      expect(pin()).toBeNull();
    });
    expect(map()).toBeInTheDocument();
  });

  it('opens on the default centre when the stored coordinates are off the globe', async () => {
    renderPicker({ latitude: 95, longitude: 1e308 });
    await loadedMap();

    expect(pin()).toBeNull();
    expect(screen.getByLabelText('Latitude')).toHaveValue(95);
    expect(screen.getByLabelText('Longitude')).toHaveValue(1e308);
  });

  it("clears the pin and both coordinates with 'Clear pin'", async () => {
    const { onChange } = renderPicker({ latitude: 25.1972, longitude: 55.2744 });
    await loadedMap();

    await userEvent.click(screen.getByRole('button', { name: 'Clear pin' }));

    expect(onChange).toHaveBeenCalledExactlyOnceWith({ latitude: null, longitude: null });
    expect(screen.getByLabelText('Latitude')).toHaveValue(null);
    expect(screen.getByLabelText('Longitude')).toHaveValue(null);
    expect(screen.getByRole('button', { name: 'Clear pin' })).toBeDisabled();
    await waitFor(() => {
      expect(pin()).toBeNull();
    });
  });

  it('puts the pin where the map is clicked, and writes its coordinates', async () => {
    const { onChange } = renderPicker();
    const region = await loadedMap();

    // jsdom lays nothing out: the map is 0 × 0 px, so any click is on its centre, the default one.
    fireEvent.click(region, { clientX: 0, clientY: 0 });

    expect(onChange).toHaveBeenCalledOnce();
    const [placed] = onChange.mock.calls[0] ?? [];
    expect(placed?.latitude).toBeCloseTo(DEFAULT_MAP_CENTER.latitude, 3);
    expect(placed?.longitude).toBeCloseTo(DEFAULT_MAP_CENTER.longitude, 3);
    expect(screen.getByLabelText('Latitude')).toHaveValue(placed?.latitude);
    expect(screen.getByLabelText('Longitude')).toHaveValue(placed?.longitude);
    await waitFor(() => {
      expect(pin()).not.toBeNull();
    });
  });

  it('moves the pin where it is dragged to', async () => {
    const { onChange } = renderPicker({ latitude: 25.1, longitude: 55.1 });
    await loadedMap();
    await waitFor(() => {
      expect(pin()).not.toBeNull();
    });
    const marker = pin() as Element;

    fireEvent(marker, mainButton('mousedown', 0, 0));
    fireEvent(marker, mainButton('mousemove', 40, 30));
    fireEvent(marker, mainButton('mouseup', 40, 30));

    // 40 px towards the east and 30 px towards the south.
    expect(onChange).toHaveBeenCalledOnce();
    const [moved] = onChange.mock.calls[0] ?? [];
    expect(moved?.latitude).toBeLessThan(25.1);
    expect(moved?.longitude).toBeGreaterThan(55.1);
    expect(screen.getByLabelText('Longitude')).toHaveValue(moved?.longitude);
  });

  it('toggles whether the location is approximate', async () => {
    const { onApproximateChange } = renderPicker();
    const box = screen.getByRole('checkbox', { name: 'Location is approximate' });

    await userEvent.click(box);
    expect(onApproximateChange).toHaveBeenLastCalledWith(true);
    expect(box).toBeChecked();
    await userEvent.click(box);

    expect(onApproximateChange).toHaveBeenLastCalledWith(false);
    expect(box).not.toBeChecked();
  });

  it('says so politely when the map’s tiles fail to load, and the coordinates can still be typed', async () => {
    const { onChange } = renderPicker();
    const region = await loadedMap();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    fireEvent.error(region.querySelector('img.leaflet-tile') as Element);

    expect(await screen.findByText('The map could not be loaded; you can still type the coordinates.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The map could not be loaded');
    await userEvent.type(screen.getByLabelText('Latitude'), '24.5');
    expect(onChange).toHaveBeenLastCalledWith({ latitude: 24.5, longitude: null });
  });

  it('shows the rules’ messages under the coordinates they are about', () => {
    renderPicker({ latitude: 95, longitude: null, errors: { latitude: 'Latitude must be between -90 and 90', longitude: 'Longitude is required' } });

    const latitude = screen.getByLabelText('Latitude');
    expect(latitude).toBeInvalid();
    expect(latitude).toHaveAccessibleDescription('Latitude must be between -90 and 90');
    expect(screen.getByLabelText('Longitude')).toHaveAccessibleDescription('Longitude is required');
  });

  describe('in Arabic', () => {
    afterEach(async () => {
      await setInterfaceLanguage('en');
      localStorage.clear();
    });

    it('is labelled in Arabic, the coordinates still left to right', async () => {
      await setInterfaceLanguage('ar');
      renderPicker();

      await loadedMap(ar.map.label);
      expect(screen.getByLabelText(ar.map.latitude)).toHaveAttribute('dir', 'ltr');
      expect(screen.getByLabelText(ar.map.longitude)).toHaveAttribute('dir', 'ltr');
      expect(screen.getByRole('checkbox', { name: ar.map.approximate })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: ar.map.clearPin })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: ar.map.zoomIn })).toBeInTheDocument();
    });
  });
});
