import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer } from '@/test/server';
import { catalogHandlers, renderForm, storedProperty } from './test-support';

function select(label: string) {
  return screen.getByLabelText(label);
}

/** Whether any call went to a path starting with `prefix`. */
function called(server: ReturnType<typeof mockServer>, prefix: string): boolean {
  return server.fetch.mock.calls.some(([path]) => typeof path === 'string' && path.startsWith(prefix));
}

describe('the location picker', () => {
  it('offers places as English / Arabic under the spec’s placeholders', async () => {
    mockServer(catalogHandlers());
    renderForm({ property: storedProperty({ countryId: null, cityId: null, regionId: null, locationEn: 'Old town', locationAr: 'البلدة القديمة' }) });

    const country = await screen.findByLabelText('Country');
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'Jordan / الأردن' })).toBeInTheDocument();
    });
    expect(country).toHaveDisplayValue('Select country');
    expect(select('City')).toHaveDisplayValue('Select city');
    expect(select('City')).toBeDisabled();
    expect(select('Region')).toHaveDisplayValue('Select region');
    expect(select('Region')).toBeDisabled();
    // A listing from the quick form keeps its typed location until a place is chosen.
    expect(select('Location (English)')).toHaveValue('Old town');
  });

  it('reads the city list only once a country is chosen, and the regions once a city is', async () => {
    const server = mockServer(catalogHandlers());
    renderForm({ property: storedProperty({ countryId: null, cityId: null, regionId: null }) });
    await screen.findByRole('option', { name: 'Jordan / الأردن' });
    expect(called(server, '/api/cities')).toBe(false);
    expect(called(server, '/api/regions')).toBe(false);

    await userEvent.selectOptions(select('Country'), 'Jordan / الأردن');
    await screen.findByRole('option', { name: 'Irbid / إربد' });
    expect(select('City')).toBeEnabled();
    expect(server.calls('GET /api/cities?countryId=1')).toHaveLength(1);
    expect(called(server, '/api/regions')).toBe(false);

    await userEvent.selectOptions(select('City'), 'Amman / عمّان');
    await screen.findByRole('option', { name: 'Abdoun / عبدون' });
    expect(server.calls('GET /api/regions?cityId=1')).toHaveLength(1);
  });

  it('composes the location lines from region, city and country with the English and Arabic commas', async () => {
    mockServer(catalogHandlers());
    renderForm({ property: storedProperty({ countryId: null, cityId: null, regionId: null }) });
    await screen.findByRole('option', { name: 'Jordan / الأردن' });

    await userEvent.selectOptions(select('Country'), 'Jordan / الأردن');
    expect(select('Location (English)')).toHaveValue('Jordan');
    expect(select('Location (Arabic)')).toHaveValue('الأردن');
    await userEvent.selectOptions(select('City'), await screen.findByRole('option', { name: 'Amman / عمّان' }));
    expect(select('Location (English)')).toHaveValue('Amman, Jordan');
    await userEvent.selectOptions(select('Region'), await screen.findByRole('option', { name: 'Abdoun / عبدون' }));

    expect(select('Location (English)')).toHaveValue('Abdoun, Amman, Jordan');
    expect(select('Location (Arabic)')).toHaveValue('عبدون، عمّان، الأردن');
  });

  it('clears city and region when the country changes, and the region when the city changes', async () => {
    mockServer(catalogHandlers());
    renderForm({ property: storedProperty() });
    await waitFor(() => {
      expect(select('Region')).toHaveDisplayValue('Abdoun / عبدون');
    });
    expect(select('City')).toHaveDisplayValue('Amman / عمّان');

    await userEvent.selectOptions(select('City'), 'Irbid / إربد');
    expect(select('Region')).toHaveDisplayValue('Select region');
    expect(select('City')).toHaveDisplayValue('Irbid / إربد');
    expect(select('Location (English)')).toHaveValue('Irbid, Jordan');

    await userEvent.selectOptions(select('Country'), 'United Arab Emirates / الإمارات');
    expect(select('City')).toHaveDisplayValue('Select city');
    expect(select('Region')).toHaveDisplayValue('Select region');
    expect(select('Region')).toBeDisabled();
    expect(select('Location (English)')).toHaveValue('United Arab Emirates');
    expect(select('Location (Arabic)')).toHaveValue('الإمارات');
    await screen.findByRole('option', { name: 'Dubai / دبي' });
  });

  it('refuses to save without a city once the country changed', async () => {
    const server = mockServer(catalogHandlers());
    renderForm({ property: storedProperty() });
    await waitFor(() => {
      expect(select('City')).toHaveDisplayValue('Amman / عمّان');
    });

    await userEvent.selectOptions(select('Country'), 'United Arab Emirates / الإمارات');
    await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));

    expect(await screen.findByText('City is required')).toBeInTheDocument();
    expect(select('City')).toHaveFocus();
    expect(server.calls('PUT /api/properties/5')).toHaveLength(0);
  });
});
