import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { City, Country, Region } from '@/features/locations';
import { validate } from '@/lib/rules';
import { renderApp } from '@/test/render';
import { answer, json, mockServer, sentBody, signedIn } from '@/test/server';

const at = '2025-01-01T00:00:00Z';
const jordan: Country = { id: 1, nameEn: 'Jordan', nameAr: 'الأردن', code: 'JO', createdAt: at, version: 1 };
const uae: Country = { id: 2, nameEn: 'United Arab Emirates', nameAr: 'الإمارات', code: 'AE', createdAt: at, version: 1 };
const amman: City = {
  id: 10,
  version: 1,
  nameEn: 'Amman',
  nameAr: 'عمّان',
  countryId: 1,
  countryNameEn: 'Jordan',
  countryNameAr: 'الأردن',
  createdAt: at,
};
const dubai: City = { ...amman, id: 20, nameEn: 'Dubai', nameAr: 'دبي', countryId: 2, countryNameEn: 'United Arab Emirates', countryNameAr: 'الإمارات' };
const abdoun: Region = {
  id: 100,
  version: 1,
  nameEn: 'Abdoun',
  nameAr: 'عبدون',
  cityId: 10,
  cityNameEn: 'Amman',
  cityNameAr: 'عمّان',
  countryId: 1,
  countryNameEn: 'Jordan',
  countryNameAr: 'الأردن',
  createdAt: at,
};

const catalog = {
  'GET /api/user': signedIn,
  'GET /api/property-types': answer(200, [
    { id: 1, nameEn: 'Villa', nameAr: 'فيلا', descriptionEn: null, descriptionAr: null, createdAt: at, version: 1 },
  ]),
  'GET /api/countries': answer(200, [jordan, uae]),
  'GET /api/cities': answer(200, [amman, dubai]),
  'GET /api/cities?countryId=1': answer(200, [amman]),
  'GET /api/cities?countryId=2': answer(200, [dubai]),
  'GET /api/regions': answer(200, [abdoun]),
};

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

describe('management screen', () => {
  it("has the four tabs and rows reading 'English / Arabic'", async () => {
    mockServer(catalog);
    renderApp('/admin/management');

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Property Types', 'Countries', 'Cities', 'Regions']);
    expect(await screen.findByRole('cell', { name: 'Villa / فيلا' })).toBeInTheDocument();

    await openTab('Countries');
    expect(await screen.findByRole('cell', { name: 'Jordan / الأردن' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'JO' })).toBeInTheDocument();

    await openTab('Cities');
    const amman = (await screen.findByRole('cell', { name: 'Amman / عمّان' })).closest('tr');
    expect(within(amman as HTMLElement).getByRole('cell', { name: 'Jordan / الأردن' })).toBeInTheDocument();

    await openTab('Regions');
    const abdoun = (await screen.findByRole('cell', { name: 'Abdoun / عبدون' })).closest('tr');
    expect(within(abdoun as HTMLElement).getByRole('cell', { name: 'Amman / عمّان' })).toBeInTheDocument();
    expect(within(abdoun as HTMLElement).getByRole('cell', { name: 'Jordan / الأردن' })).toBeInTheDocument();
  });

  it("adds a country: code placeholder 'JO', the rules' messages first, then 'Country created successfully'", async () => {
    const server = mockServer({
      ...catalog,
      'POST /api/countries': (init) => json(201, { ...(sentBody(init) as object), id: 3, createdAt: at, version: 1 }),
    });
    renderApp('/management');
    await openTab('Countries');

    await userEvent.click(await screen.findByRole('button', { name: 'Add Country' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Country' });
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('placeholder', 'JO');
    expect(within(dialog).getByLabelText('Name (Arabic)')).toHaveAttribute('dir', 'rtl');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const expected = validate('country', { nameEn: '', nameAr: '', code: '' });
    for (const message of Object.values(expected)) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(server.calls('POST /api/countries')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Saudi Arabia');
    await userEvent.type(within(dialog).getByLabelText('Name (Arabic)'), 'السعودية');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'SA');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Country created successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/countries')[0]?.[1])).toEqual({
      nameEn: 'Saudi Arabia',
      nameAr: 'السعودية',
      code: 'SA',
      advertisingAuthority: null,
    });
  });

  it("keeps the dialog open with the server's reason when a code is taken, without a toast", async () => {
    mockServer({ ...catalog, 'POST /api/countries': answer(409, { message: "Country code 'JO' is already used" }) });
    renderApp('/management');
    await openTab('Countries');

    await userEvent.click(await screen.findByRole('button', { name: 'Add Country' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Country' });
    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Jordan');
    await userEvent.type(within(dialog).getByLabelText('Name (Arabic)'), 'الأردن');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'JO');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Country code 'JO' is already used");
    expect(screen.queryByRole('region', { name: /notifications/i })?.querySelector('li')).toBeFalsy();
  });

  it("asks 'Confirm Delete', then toasts 'Failed to delete country' with the 409's message", async () => {
    mockServer({
      ...catalog,
      'DELETE /api/countries/1': answer(409, { message: 'Jordan still has 1 city; delete its cities first' }),
    });
    renderApp('/management');
    await openTab('Countries');

    const row = (await screen.findByRole('cell', { name: 'Jordan / الأردن' })).closest('tr');
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Delete' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this item? This action cannot be undone.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const toast = (await screen.findByText('Failed to delete country')).closest('li');
    expect(within(toast as HTMLElement).getByText('Jordan still has 1 city; delete its cities first')).toBeInTheDocument();
  });

  it("falls back to 'Failed to delete city' when the server gives no reason", async () => {
    mockServer({ ...catalog, 'DELETE /api/cities/10': () => new Response('', { status: 500 }) });
    renderApp('/management');
    await openTab('Cities');

    const row = (await screen.findByRole('cell', { name: 'Amman / عمّان' })).closest('tr');
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    const toast = (await screen.findAllByText('Failed to delete city'))[0]?.closest('li');
    expect(within(toast as HTMLElement).getAllByText('Failed to delete city')).toHaveLength(2);
  });

  it('adds a city chosen from a select of countries', async () => {
    const server = mockServer({
      ...catalog,
      'POST /api/cities': (init) => json(201, { ...amman, ...(sentBody(init) as object), id: 11 }),
    });
    renderApp('/management');
    await openTab('Cities');

    await userEvent.click(await screen.findByRole('button', { name: 'Add City' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New City' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(validate('city', {}).countryId ?? '')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Irbid');
    await userEvent.type(within(dialog).getByLabelText('Name (Arabic)'), 'إربد');
    await userEvent.selectOptions(within(dialog).getByLabelText('Country'), 'Jordan / الأردن');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('City created successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/cities')[0]?.[1])).toEqual({
      nameEn: 'Irbid',
      nameAr: 'إربد',
      countryId: 1,
      advertisingAuthority: null,
    });
  });

  it("cascades the region's selects: the city waits for a country, and a new country clears it", async () => {
    const server = mockServer({
      ...catalog,
      'POST /api/regions': (init) => json(201, { ...abdoun, ...(sentBody(init) as object), id: 101 }),
    });
    renderApp('/management');
    await openTab('Regions');

    await userEvent.click(await screen.findByRole('button', { name: 'Add Region' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Region' });
    const country = within(dialog).getByLabelText('Country');
    const city = within(dialog).getByLabelText('City');
    expect(city).toBeDisabled();
    expect(within(country).getByRole('option', { name: 'Select country' })).toBeInTheDocument();

    await userEvent.selectOptions(country, 'Jordan / الأردن');
    await waitFor(() => {
      expect(within(city).getByRole('option', { name: 'Amman / عمّان' })).toBeInTheDocument();
    });
    expect(within(city).queryByRole('option', { name: 'Dubai / دبي' })).toBeNull();
    await userEvent.selectOptions(city, 'Amman / عمّان');
    expect(city).toHaveValue('10');

    await userEvent.selectOptions(country, 'United Arab Emirates / الإمارات');
    expect(city).toHaveValue('');
    await waitFor(() => {
      expect(within(city).getByRole('option', { name: 'Dubai / دبي' })).toBeInTheDocument();
    });
    expect(server.calls('GET /api/cities?countryId=2')).toHaveLength(1);

    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Marina');
    await userEvent.type(within(dialog).getByLabelText('Name (Arabic)'), 'المارينا');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(validate('region', {}).cityId ?? '')).toBeInTheDocument();
    expect(server.calls('POST /api/regions')).toHaveLength(0);

    await userEvent.selectOptions(city, 'Dubai / دبي');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Region created successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/regions')[0]?.[1])).toEqual({
      nameEn: 'Marina',
      nameAr: 'المارينا',
      cityId: 20,
      advertisingAuthority: null,
    });
  });

  it("edits a region starting from its own country and city; 'Region updated successfully'", async () => {
    const server = mockServer({
      ...catalog,
      'PUT /api/regions/100': (init) => json(200, { ...abdoun, ...(sentBody(init) as object) }),
    });
    renderApp('/management');
    await openTab('Regions');

    const row = (await screen.findByRole('cell', { name: 'Abdoun / عبدون' })).closest('tr');
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Region' });
    expect(within(dialog).getByLabelText('Country')).toHaveValue('1');
    await waitFor(() => {
      expect(within(dialog).getByLabelText('City')).toHaveValue('10');
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Region updated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('PUT /api/regions/100')[0]?.[1])).toEqual({
      nameEn: 'Abdoun',
      nameAr: 'عبدون',
      cityId: 10,
      advertisingAuthority: null,
    });
  });
});

describe('advertising authorities (issue 39)', () => {
  const dld = { ...dubai, advertisingAuthority: 'DLD' };
  const marina = { ...abdoun, id: 101, nameEn: 'Marina', nameAr: 'المارينا', advertisingAuthority: 'Marina Board' };
  const places = {
    ...catalog,
    'GET /api/countries': answer(200, [jordan, { ...uae, advertisingAuthority: null }]),
    'GET /api/cities': answer(200, [amman, dld]),
    'GET /api/regions': answer(200, [abdoun, marina]),
  };

  function rowOf(name: string) {
    return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
  }

  it('shows each place’s authority in its tab, a dash where it names none', async () => {
    mockServer(places);
    renderApp('/management');

    await openTab('Countries');
    await screen.findByRole('cell', { name: 'Jordan / الأردن' });
    expect(screen.getByRole('columnheader', { name: 'Advertising authority' })).toBeInTheDocument();
    expect(within(rowOf('Jordan / الأردن')).getByText('None')).toHaveClass('sr-only');

    await openTab('Cities');
    await screen.findByRole('cell', { name: 'Dubai / دبي' });
    expect(within(rowOf('Dubai / دبي')).getByRole('cell', { name: 'DLD' })).toBeInTheDocument();

    await openTab('Regions');
    await screen.findByRole('cell', { name: 'Marina / المارينا' });
    expect(within(rowOf('Marina / المارينا')).getByRole('cell', { name: 'Marina Board' })).toBeInTheDocument();
  });

  it('saves a known authority chosen from the select', async () => {
    const server = mockServer({
      ...places,
      'POST /api/countries': (init) => json(201, { ...(sentBody(init) as object), id: 3, createdAt: at, version: 1 }),
    });
    renderApp('/management');
    await openTab('Countries');

    await userEvent.click(await screen.findByRole('button', { name: 'Add Country' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Country' });
    const authority = within(dialog).getByLabelText('Advertising authority');
    expect(within(authority).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None',
      'Dubai Land Department (Trakheesi)',
      'Abu Dhabi Real Estate Centre (ADREC)',
      'Real Estate General Authority (REGA)',
      'Other',
    ]);
    expect(within(dialog).queryByLabelText('Authority name')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Saudi Arabia');
    await userEvent.type(within(dialog).getByLabelText('Name (Arabic)'), 'السعودية');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'SA');
    await userEvent.selectOptions(authority, 'Real Estate General Authority (REGA)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Country created successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/countries')[0]?.[1])).toMatchObject({ code: 'SA', advertisingAuthority: 'REGA' });
  });

  it("saves another authority by the name typed under 'Other'", async () => {
    const server = mockServer({
      ...places,
      'PUT /api/cities/10': (init) => json(200, { ...amman, ...(sentBody(init) as object), version: 2 }),
    });
    renderApp('/management');
    await openTab('Cities');

    await screen.findByRole('cell', { name: 'Amman / عمّان' });
    await userEvent.click(within(rowOf('Amman / عمّان')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit City' });
    expect(within(dialog).getByLabelText('Advertising authority')).toHaveValue('');
    await userEvent.selectOptions(within(dialog).getByLabelText('Advertising authority'), 'Other');
    // Typed letter by letter, the name passes 'DLD' on its way: 'Other' stays chosen.
    await userEvent.type(within(dialog).getByLabelText('Authority name'), 'DLD Amman');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('City updated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('PUT /api/cities/10')[0]?.[1])).toMatchObject({ advertisingAuthority: 'DLD Amman' });
  });

  it("opens a place's own authority, another one under 'Other', and clears it with 'None'", async () => {
    const server = mockServer({
      ...places,
      'PUT /api/regions/101': (init) => json(200, { ...marina, ...(sentBody(init) as object), version: 2 }),
      'PUT /api/cities/20': (init) => json(200, { ...dld, ...(sentBody(init) as object), version: 2 }),
    });
    renderApp('/management');

    await openTab('Regions');
    await screen.findByRole('cell', { name: 'Marina / المارينا' });
    await userEvent.click(within(rowOf('Marina / المارينا')).getByRole('button', { name: 'Edit' }));
    const region = screen.getByRole('dialog', { name: 'Edit Region' });
    expect(within(region).getByLabelText('Advertising authority')).toHaveValue('other');
    expect(within(region).getByLabelText('Authority name')).toHaveValue('Marina Board');
    await userEvent.selectOptions(within(region).getByLabelText('Advertising authority'), 'None');
    expect(within(region).queryByLabelText('Authority name')).toBeNull();
    await waitFor(() => {
      expect(within(region).getByLabelText('City')).toHaveValue('10');
    });
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Region updated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('PUT /api/regions/101')[0]?.[1])).toMatchObject({ advertisingAuthority: null });

    await openTab('Cities');
    await screen.findByRole('cell', { name: 'Dubai / دبي' });
    await userEvent.click(within(rowOf('Dubai / دبي')).getByRole('button', { name: 'Edit' }));
    const city = screen.getByRole('dialog', { name: 'Edit City' });
    expect(within(city).getByLabelText('Advertising authority')).toHaveValue('DLD');
    await userEvent.click(within(city).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('City updated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('PUT /api/cities/20')[0]?.[1])).toMatchObject({ advertisingAuthority: 'DLD' });
  });
});
