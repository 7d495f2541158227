import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setInterfaceLanguage } from '@/i18n';
import ar from '@/i18n/portals.ar.json';
import { renderApp } from '@/test/render';
import { admin, answer, json, mockServer, sentBody, signedIn, type Handler } from '@/test/server';
import type { PortalDelivery, PortalMappingRow, PortalSettings } from '@/generated/types';

const propertyFinder: PortalSettings = {
  portal: 'propertyFinder',
  secretSet: false,
  webhookUrl: 'https://panel.example.com/api/webhooks/property-finder',
  counts: { unmapped: 3 },
};
const bayut: PortalSettings = {
  portal: 'bayut',
  secretSet: true,
  webhookUrl: 'https://panel.example.com/api/webhooks/bayut',
  counts: { unmapped: 0 },
};

function row(kind: PortalMappingRow['kind'], recordId: number, nameEn: string, nameAr: string, more: Partial<PortalMappingRow> = {}) {
  return { kind, recordId, nameEn, nameAr, parent: null, mappingId: null, value: null, suggestion: null, ...more };
}

/** Property Finder's rows as the server sorts them: unmapped first. */
function propertyFinderRows(): PortalMappingRow[] {
  return [
    row('propertyType', 4, 'Apartment', 'شقة', { suggestion: 'AP' }),
    row('city', 7, 'Dubai', 'دبي', { parent: 'United Arab Emirates', suggestion: 'Dubai' }),
    row('region', 9, 'Marina', 'المارينا', { parent: 'Dubai' }),
    row('category', 1, 'Residential', 'سكني', { mappingId: 11, value: 'VH', suggestion: 'VH' }),
  ];
}

/** A server keeping Property Finder's mappings: a save maps the row and sorts it after the unmapped ones. */
function portalsServer(handlers: Record<string, Handler> = {}) {
  let rows = propertyFinderRows();
  const saveMapping = (kind: string, recordId: number): Handler => (init) => {
    const { value } = sentBody(init) as { value: string };
    rows = rows.map((entry) => (entry.kind === kind && entry.recordId === recordId ? { ...entry, mappingId: 50 + recordId, value } : entry));
    rows = [...rows.filter((entry) => entry.value === null), ...rows.filter((entry) => entry.value !== null)];
    return json(200, { id: 50 + recordId, portal: 'propertyFinder', kind, recordId, value, updatedAt: '2026-03-01T10:00:00Z' });
  };
  return mockServer({
    'GET /api/user': signedIn,
    'GET /api/portals': answer(200, [propertyFinder, bayut]),
    'GET /api/portals/propertyFinder/mappings': () => json(200, rows),
    'GET /api/portals/bayut/mappings': answer(200, []),
    'GET /api/portals/deliveries': answer(200, []),
    'PUT /api/portals/propertyFinder/mappings/propertyType/4': saveMapping('propertyType', 4),
    'PUT /api/portals/propertyFinder/mappings/city/7': saveMapping('city', 7),
    'PUT /api/portals/propertyFinder/mappings/region/9': saveMapping('region', 9),
    ...handlers,
  });
}

async function mappingsTable() {
  return screen.findByRole('table', { name: 'Property Finder mappings' });
}

/** The row of the record named `name`, found by its value field (a name can also be another row's parent). */
async function rowOf(name: string) {
  return (await within(await mappingsTable()).findByLabelText(`Portal value for ${name}`)).closest('tr') as HTMLElement;
}

function namesInOrder(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tableRow) => within(tableRow).getAllByRole('cell')[1]?.textContent);
}

describe('the portals screen (issue 41)', () => {
  afterEach(async () => {
    await setInterfaceLanguage('en');
    localStorage.clear();
  });

  it('lists the unmapped rows first, each with its badge, under their count', async () => {
    portalsServer();
    renderApp('/portals');

    const table = await mappingsTable();
    await within(table).findByText('سكني');
    expect(namesInOrder(table)).toEqual(['Apartment', 'Dubai', 'Marina', 'Residential']);
    for (const name of ['Apartment', 'Dubai', 'Marina']) expect(within(await rowOf(name)).getByText('Unmapped')).toBeInTheDocument();
    expect(within(await rowOf('Residential')).queryByText('Unmapped')).toBeNull();
    expect(within(await rowOf('Marina')).getByText('المارينا')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('3 unmapped')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('tabpanel', { name: 'Property Finder' })).getByLabelText('Show unmapped only'));
    expect(within(table).queryByText('سكني')).toBeNull();
    expect(namesInOrder(table)).toEqual(['Apartment', 'Dubai', 'Marina']);
  });

  it("saves a row's value, and shows the server's refusal under its field", async () => {
    const tooLong = "A portal's location name is at most 100 characters";
    const server = portalsServer({
      'PUT /api/portals/propertyFinder/mappings/region/9': answer(422, { message: 'Validation failed', errors: { value: tooLong } }),
    });
    renderApp('/portals');

    // Nothing typed, or the value emptied: nothing to save.
    expect(within(await rowOf('Apartment')).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.selectOptions(within(await rowOf('Residential')).getByLabelText('Portal value for Residential'), '');
    expect(within(await rowOf('Residential')).getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.selectOptions(within(await rowOf('Apartment')).getByLabelText('Portal value for Apartment'), 'AP');
    await userEvent.click(within(await rowOf('Apartment')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mapping of Apartment saved')).toBeInTheDocument();
    expect(sentBody(server.calls('PUT /api/portals/propertyFinder/mappings/propertyType/4')[0]?.[1])).toEqual({ value: 'AP' });

    const marina = within(await rowOf('Marina')).getByLabelText('Portal value for Marina');
    await userEvent.type(marina, 'Dubai Marina, far too long{Enter}');
    expect(await screen.findByText(tooLong)).toBeInTheDocument();
    expect(marina).toHaveAttribute('aria-invalid', 'true');
    expect(marina).toHaveAccessibleDescription(tooLong);
    expect(marina).toHaveValue('Dubai Marina, far too long');
  });

  it('keeps what was typed in one row while another row is saved and the list read again', async () => {
    const server = portalsServer();
    renderApp('/portals');

    await userEvent.type(within(await rowOf('Marina')).getByLabelText('Portal value for Marina'), 'Dubai Marina');
    await userEvent.type(within(await rowOf('Dubai')).getByLabelText('Portal value for Dubai'), 'Dubai');
    await userEvent.click(within(await rowOf('Dubai')).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Mapping of Dubai saved')).toBeInTheDocument();
    await waitFor(() => {
      expect(server.calls('GET /api/portals/propertyFinder/mappings')).toHaveLength(2);
    });
    await waitFor(async () => {
      expect(within(await rowOf('Dubai')).queryByText('Unmapped')).toBeNull();
    });
    expect(within(await rowOf('Marina')).getByLabelText('Portal value for Marina')).toHaveValue('Dubai Marina');
    expect(server.calls('PUT /api/portals/propertyFinder/mappings/region/9')).toHaveLength(0);
  });

  it("takes the server's suggestion into the field, to be saved like a typed value", async () => {
    const server = portalsServer();
    renderApp('/portals');

    const apartment = await rowOf('Apartment');
    expect(within(await rowOf('Residential')).queryByRole('button', { name: /Use suggestion/ })).toBeNull();
    await userEvent.click(within(apartment).getByRole('button', { name: 'Use suggestion: Apartment (AP)' }));
    expect(within(apartment).getByLabelText('Portal value for Apartment')).toHaveValue('AP');
    expect(within(apartment).queryByRole('button', { name: /Use suggestion/ })).toBeNull();

    const dubai = await rowOf('Dubai');
    await userEvent.click(within(dubai).getByRole('button', { name: 'Use suggestion: Dubai' }));
    expect(within(dubai).getByLabelText('Portal value for Dubai')).toHaveValue('Dubai');
    await userEvent.click(within(dubai).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Mapping of Dubai saved')).toBeInTheDocument();
    expect(sentBody(server.calls('PUT /api/portals/propertyFinder/mappings/city/7')[0]?.[1])).toEqual({ value: 'Dubai' });
  });

  it('removes a mapping, to the trash', async () => {
    const server = portalsServer({ 'DELETE /api/portal-mappings/11': answer(204) });
    renderApp('/portals');

    await userEvent.click(within(await rowOf('Residential')).getByRole('button', { name: 'Remove the mapping of Residential' }));

    expect(await screen.findByText('Mapping of Residential removed')).toBeInTheDocument();
    expect(server.calls('DELETE /api/portal-mappings/11')).toHaveLength(1);
  });

  it('sets a webhook secret without ever showing it again', async () => {
    const secret = 'harbour-lights-signing-key';
    let portals = [propertyFinder, bayut];
    const server = portalsServer({
      'GET /api/portals': () => json(200, portals),
      'PUT /api/portals/propertyFinder/secret': () => {
        portals = [{ ...propertyFinder, secretSet: true }, bayut];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/portals');

    const panel = await screen.findByRole('tabpanel', { name: 'Property Finder' });
    expect(await within(panel).findByText('No secret set')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Webhook URL')).toHaveValue(propertyFinder.webhookUrl);
    const input = within(panel).getByLabelText('New secret');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.type(input, secret);
    await userEvent.click(within(panel).getByRole('button', { name: 'Set secret' }));

    expect(await within(panel).findByText('Secret set')).toBeInTheDocument();
    expect(sentBody(server.calls('PUT /api/portals/propertyFinder/secret')[0]?.[1])).toEqual({ secret });
    expect(input).toHaveValue('');
    expect(document.body.innerHTML).not.toContain(secret);
  });

  it('logs each webhook call with its answer, and links the request it made', async () => {
    const delivery = (id: number, status: number, more: Partial<PortalDelivery> = {}): PortalDelivery => ({
      id,
      portal: 'bayut',
      receivedAt: '2026-03-01T10:00:00Z',
      status,
      error: null,
      leadId: null,
      contactRequestId: null,
      ...more,
    });
    portalsServer({
      'GET /api/portals/deliveries': answer(200, [
        delivery(2, 201, { leadId: 'BY-7781', contactRequestId: 42 }),
        delivery(1, 401, { portal: 'propertyFinder', error: 'The signature does not match' }),
      ]),
    });
    renderApp('/portals');

    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const ok = (await within(log).findByText('BY-7781')).closest('tr') as HTMLElement;
    expect(within(ok).getByText('201').closest('.rounded-full')).toHaveClass('bg-emerald-100');
    expect(within(ok).getByText('Bayut & dubizzle')).toBeInTheDocument();
    expect(within(ok).getByRole('link', { name: 'Request #42' })).toHaveAttribute('href', '/contacts?request=42');
    const refused = within(log).getByText('The signature does not match').closest('tr') as HTMLElement;
    expect(within(refused).getByText('401').closest('.rounded-full')).toHaveClass('bg-destructive');
    expect(within(refused).queryByRole('link')).toBeNull();
  });

  it('reads right to left in Arabic, Arabic names first', async () => {
    portalsServer();
    await setInterfaceLanguage('ar');
    renderApp('/portals');

    expect(await screen.findByRole('heading', { level: 1, name: ar.title })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const table = await screen.findByRole('table', { name: 'مطابقات بروبرتي فايندر' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(1, 3)).toEqual([ar.mappings.columns.nameAr, ar.mappings.columns.nameEn]);
    expect(await within(table).findByText('المارينا')).toHaveAttribute('dir', 'rtl');
  });

  it('is for administrators only', async () => {
    const server = mockServer({ 'GET /api/user': () => json(200, { ...admin, id: 2, role: 'user' }) });
    renderApp('/portals');

    expect(await screen.findByText('Only administrators can manage the portals.')).toBeInTheDocument();
    expect(server.calls('GET /api/portals')).toHaveLength(0);
  });
});
