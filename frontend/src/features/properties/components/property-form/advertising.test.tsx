import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Property, PropertyInput } from '@/generated/types';
import { answer, json, mockServer, sentBody, type Handler } from '@/test/server';
import { recordFormValues } from './form-values';
import { validateProperty } from './property-rules';
import { catalogHandlers, openTab, renderForm, storedProperty } from './test-support';

vi.mock('../../api/upload-images', () => ({
  uploadImages: vi.fn(() => Promise.resolve(['/media/qr.png'])),
}));

// Dubai is four hours ahead of UTC all year: the browser's time zone of these cases.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Dubai';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** A stored active listing in Dubai, where the Land Department requires a permit. */
function inDubai(overrides: Partial<Property> = {}): Property {
  return storedProperty({
    countryId: 2,
    cityId: 2,
    regionId: null,
    locationEn: 'Dubai, United Arab Emirates',
    locationAr: 'دبي، الإمارات',
    ...overrides,
  });
}

/** A permit the Land Department would accept until 2099. */
const validPermit = {
  permitNumber: '7123456789',
  permitIssuedAt: '2026-01-15T00:00:00Z',
  permitExpiresAt: '2099-12-31T23:59:59Z',
};

function editing(property: Property, update?: Handler) {
  const server = mockServer({
    ...catalogHandlers(),
    'PUT /api/properties/5': update ?? ((init) => json(200, { ...property, ...(sentBody(init) as object), version: 4 })),
    'POST /api/properties/5/features': answer(200, []),
  });
  renderForm({ property });
  return server;
}

function sent(server: ReturnType<typeof mockServer>): PropertyInput {
  return sentBody(server.calls('PUT /api/properties/5')[0]?.[1]) as PropertyInput;
}

async function update() {
  await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));
}

function authorityNotice() {
  return screen.getByText(/regulated by|No authority regulates/);
}

describe('the Advertising tab', () => {
  it('names the authority governing the chosen place, and says a permit is optional where none does', async () => {
    mockServer(catalogHandlers());
    renderForm();
    await screen.findByLabelText('Title (English)');
    await openTab('Advertising');
    expect(authorityNotice()).toHaveTextContent(
      'No authority regulates property advertising in this place: a permit is optional.',
    );

    await openTab('Basic Info');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'United Arab Emirates / الإمارات');
    await userEvent.selectOptions(screen.getByLabelText('City'), await screen.findByRole('option', { name: 'Dubai / دبي' }));
    await openTab('Advertising');

    expect(authorityNotice()).toHaveTextContent('Advertising here is regulated by: Dubai Land Department (Trakheesi)');
    expect(screen.queryByLabelText('Brokerage contract end date')).toBeNull();
  });

  it('refuses an active listing in Dubai without a permit in the browser, with the server’s messages', async () => {
    const property = inDubai();
    const server = editing(property);
    await screen.findByLabelText('Title (English)');
    await openTab('Advertising');
    await screen.findByText('Advertising here is regulated by: Dubai Land Department (Trakheesi)');
    await openTab('Basic Info');

    await update();

    const expected = validateProperty(recordFormValues(property, []), 'DLD');
    expect(expected.permitNumber).toBe('An active listing here needs its advertising permit number');
    expect(await screen.findByRole('tab', { name: 'Advertising', selected: true })).toBeInTheDocument();
    expect(screen.getByText(expected.permitNumber ?? 'missing')).toBeInTheDocument();
    expect(screen.getByText(expected.permitIssuedAt ?? 'missing')).toBeInTheDocument();
    expect(screen.getByText(expected.permitExpiresAt ?? 'missing')).toBeInTheDocument();
    expect(screen.getByLabelText('Permit number')).toHaveFocus();
    expect(screen.getByLabelText('Permit number')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('PUT /api/properties/5')).toHaveLength(0);
  });

  it('accepts it with a permit, and sends the permit’s days and the publishing window as UTC instants', async () => {
    const server = editing(inDubai());
    await screen.findByLabelText('Title (English)');
    await openTab('Advertising');
    await screen.findByText('Advertising here is regulated by: Dubai Land Department (Trakheesi)');

    await userEvent.type(screen.getByLabelText('Permit number'), '7123456');
    fireEvent.change(screen.getByLabelText('Permit issue date'), { target: { value: '2026-01-15' } });
    fireEvent.change(screen.getByLabelText('Permit expiry date'), { target: { value: '2099-12-31' } });
    fireEvent.change(screen.getByLabelText('Publish from'), { target: { value: '2026-12-01T14:30' } });
    expect(screen.getByLabelText('Publish from')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('Permit number')).toHaveAttribute('dir', 'ltr');
    await update();

    await waitFor(() => {
      expect(server.calls('PUT /api/properties/5')).toHaveLength(1);
    });
    expect(sent(server)).toMatchObject({
      permitNumber: '7123456',
      permitIssuedAt: '2026-01-15T00:00:00Z',
      permitExpiresAt: '2099-12-31T23:59:59Z',
      contractEndsAt: null,
      publishAt: '2026-12-01T10:30:00Z',
      unpublishAt: null,
      permitQrImage: null,
    });
  });

  it('shows a stored window in the browser’s time zone and sends an emptied side as none', async () => {
    const server = editing(
      inDubai({ ...validPermit, publishAt: '2026-12-01T10:30:00Z', unpublishAt: '2027-01-31T20:00:00Z' }),
    );
    await screen.findByLabelText('Title (English)');
    await openTab('Advertising');
    expect(screen.getByLabelText('Publish from')).toHaveValue('2026-12-01T14:30');
    expect(screen.getByLabelText('Publish until')).toHaveValue('2027-02-01T00:00');
    expect(screen.getByLabelText('Permit expiry date')).toHaveValue('2099-12-31');

    fireEvent.change(screen.getByLabelText('Publish until'), { target: { value: '' } });
    await update();

    await waitFor(() => {
      expect(server.calls('PUT /api/properties/5')).toHaveLength(1);
    });
    expect(sent(server)).toMatchObject({ ...validPermit, publishAt: '2026-12-01T10:30:00Z', unpublishAt: null });
  });

  it('asks a listing under REGA for its brokerage contract’s end', async () => {
    const property = storedProperty({ countryId: 3, cityId: 4, regionId: null, ...validPermit });
    editing(property);
    await screen.findByLabelText('Title (English)');
    await openTab('Advertising');
    await screen.findByText('Advertising here is regulated by: Real Estate General Authority (REGA)');

    await update();

    const expected = validateProperty(recordFormValues(property, []), 'REGA');
    expect(await screen.findByText(expected.contractEndsAt ?? 'missing')).toBeInTheDocument();
    expect(screen.getByLabelText('Brokerage contract end date')).toHaveFocus();
  });

  it('uploads the permit’s QR code as the images are, and keeps its /media reference', async () => {
    const server = editing(inDubai(validPermit));
    await screen.findByLabelText('Title (English)');
    await openTab('Advertising');

    await userEvent.upload(
      screen.getByLabelText('Upload QR code'),
      new File([new Uint8Array([137, 80, 78, 71])], 'qr.png', { type: 'image/png' }),
    );

    expect(await screen.findByRole('img', { name: 'Permit QR code' })).toHaveAttribute('src', '/media/qr.png?w=160');
    expect(screen.getByLabelText('Permit QR code (image link)')).toHaveValue('/media/qr.png');
    await update();
    await waitFor(() => {
      expect(server.calls('PUT /api/properties/5')).toHaveLength(1);
    });
    expect(sent(server)).toMatchObject({ permitQrImage: '/media/qr.png' });
  });

  it('shows the server’s refusal of a permit number held by another listing at the field', async () => {
    const holder = 'Permit 7123456789 is already used by listing #12';
    editing(inDubai(validPermit), answer(409, { message: 'Conflict', errors: { permitNumber: holder } }));
    await screen.findByLabelText('Title (English)');

    await update();

    expect(await screen.findByText(holder)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Advertising', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Permit number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Permit number')).toHaveFocus();
  });
});

describe('the map pin', () => {
  it('sends the typed latitude and longitude and whether the location is approximate', async () => {
    const server = editing(storedProperty());
    await screen.findByLabelText('Title (English)');

    await userEvent.type(screen.getByLabelText('Latitude'), '31.95');
    await userEvent.type(screen.getByLabelText('Longitude'), '35.91');
    await userEvent.click(screen.getByLabelText('Location is approximate'));
    await update();

    await waitFor(() => {
      expect(server.calls('PUT /api/properties/5')).toHaveLength(1);
    });
    expect(sent(server)).toMatchObject({ latitude: 31.95, longitude: 35.91, locationApproximate: true });
  });

  it('puts the rules’ message under the missing half of a pin', async () => {
    const property = storedProperty();
    editing(property);
    await screen.findByLabelText('Title (English)');
    await userEvent.type(screen.getByLabelText('Latitude'), '31.95');
    await openTab('Financial');

    await update();

    const expected = validateProperty({ ...recordFormValues(property, []), latitude: 31.95 }, null);
    expect(await screen.findByText(expected.longitude ?? 'missing')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Basic Info', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Longitude')).toHaveFocus();
  });
});
