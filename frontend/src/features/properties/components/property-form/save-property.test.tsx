import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Property, PropertyInput } from '@/generated/types';
import { constants } from '@/lib/rules';
import { answer, json, mockServer, sentBody } from '@/test/server';
import { catalogHandlers, features, fillRequired, openTab, renderForm, storedProperty } from './test-support';

function body(call: [RequestInfo | URL, RequestInit?] | undefined): unknown {
  return sentBody(call?.[1]);
}

function toastWith(title: string) {
  return screen.findByText(title).then((element) => element.closest('li') as HTMLElement);
}

describe('saving a property', () => {
  it('creates the property, then sends its feature ids, and tells the owner', async () => {
    const saved = storedProperty({ id: 7, version: 1 });
    const server = mockServer({
      ...catalogHandlers(),
      'POST /api/properties': answer(201, saved),
      'POST /api/properties/7/features': answer(200, [features[0]]),
    });
    const onSaved = vi.fn();
    const onDirtyChange = vi.fn();
    renderForm({ onSaved, onDirtyChange, defaultCategoryId: 2, defaultDisplayType: 'investment' });
    await screen.findByLabelText('Title (English)');
    await fillRequired();
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await openTab('Details');
    await userEvent.type(screen.getByLabelText('Year Built'), '2019');
    await userEvent.type(screen.getByLabelText('Bedrooms'), '3');
    await userEvent.clear(screen.getByLabelText('Bathrooms'));
    await openTab('Features');
    await userEvent.click(screen.getByLabelText('Garden'));
    await userEvent.click(screen.getByLabelText('Furnished'));
    await openTab('Financial');
    await userEvent.type(screen.getByLabelText('Maintenance Fee (monthly)'), '1234567.89');

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    await waitFor(() => {
      expect(onSaved).toHaveBeenCalledWith(saved);
    });
    const payload = body(server.calls('POST /api/properties')[0]) as PropertyInput;
    expect(payload).toMatchObject({
      titleEn: 'Garden flat',
      titleAr: 'شقة مع حديقة',
      price: 250000,
      area: 140.5,
      currency: 'USD',
      status: 'active',
      displayType: 'investment',
      categoryId: 2,
      typeId: 1,
      countryId: 1,
      cityId: 1,
      regionId: null,
      locationEn: 'Amman, Jordan',
      locationAr: 'عمّان، الأردن',
      buildingTypeNew: 'Apartment',
      yearBuilt: 2019,
      bedroom: 3,
      bathroom: 0,
      plotArea: null,
      furnished: true,
      maintenanceFee: 1234567.89,
      propertyTax: null,
      propertyNumber: null,
      videoUrl: null,
      images: [],
    });
    // Exactly the payload's fields: the feature ids travel in their own call.
    expect(Object.keys(payload).sort()).toEqual(Object.keys(constants().newForms.property).sort());
    expect(body(server.calls('POST /api/properties/7/features')[0])).toEqual({ featureIds: [1] });
    expect(await screen.findByText('Property created successfully!')).toBeInTheDocument();
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });

  it("shows 'Creating Property...' while the save is under way", async () => {
    let finish: (response: Response) => void = () => undefined;
    mockServer({
      ...catalogHandlers(),
      'POST /api/properties': () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
      'POST /api/properties/7/features': answer(200, []),
    });
    renderForm();
    await screen.findByLabelText('Title (English)');
    await fillRequired();

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    const busy = await screen.findByRole('button', { name: /Creating Property\.\.\./ });
    expect(busy).toBeDisabled();
    finish(json(201, storedProperty({ id: 7 })));
    expect(await screen.findByText('Property created successfully!')).toBeInTheDocument();
  });

  it("warns when the property was saved but its features were not, and still tells the owner", async () => {
    const saved = storedProperty({ id: 7, version: 1 });
    mockServer({
      ...catalogHandlers(),
      'POST /api/properties': answer(201, saved),
      'POST /api/properties/7/features': answer(500, { message: 'Database unavailable' }),
    });
    const onSaved = vi.fn();
    renderForm({ onSaved });
    await screen.findByLabelText('Title (English)');
    await fillRequired();

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    const toast = await toastWith('Warning');
    expect(within(toast).getByText('Property saved but features could not be updated')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(saved);
  });

  it("toasts 'Error' with the server's message, else the spec's sentence for a silent answer or none", async () => {
    const server = mockServer({ ...catalogHandlers(), 'POST /api/properties': answer(500, { message: 'Disk full' }) });
    const onSaved = vi.fn();
    renderForm({ onSaved });
    await screen.findByLabelText('Title (English)');
    await fillRequired();

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    let toast = await toastWith('Error');
    expect(within(toast).getByText('Disk full')).toBeInTheDocument();

    server.fetch.mockImplementation(() => Promise.resolve(new Response('', { status: 502, statusText: 'Bad Gateway' })));
    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    await waitFor(() => {
      expect(screen.getByText('Failed to create property')).toBeInTheDocument();
    });
    toast = screen.getByText('Failed to create property').closest('li') as HTMLElement;
    expect(within(toast).getByText('Error')).toBeInTheDocument();

    server.fetch.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    toast = await toastWith('Failed to submit property data');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    // Nothing typed is lost.
    expect(screen.getByLabelText('Title (English)')).toHaveValue('Garden flat');
  });

  it("puts the server's field messages under their fields and shows the first one's tab", async () => {
    mockServer({
      ...catalogHandlers(),
      'POST /api/properties': answer(409, { message: 'Unknown reference', errors: { typeId: 'Property type does not exist', maintenanceFee: 'Too large' } }),
    });
    renderForm();
    await screen.findByLabelText('Title (English)');
    await fillRequired();
    await openTab('Financial');

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    expect(await screen.findByText('Property type does not exist')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Basic Info', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Property Type')).toHaveFocus();
    expect(screen.getByLabelText('Property Type')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Too large')).toBeInTheDocument();
  });

  it('edits with the selected features preselected and updates with If-Match', async () => {
    const property = storedProperty();
    const updated: Property = { ...property, version: 4, titleEn: 'Sea view villa, renovated' };
    const server = mockServer({
      ...catalogHandlers(),
      'GET /api/properties/5/features': answer(200, [features[1], features[3]]),
      'PUT /api/properties/5': answer(200, updated),
      'POST /api/properties/5/features': answer(200, [features[3]]),
    });
    const onSaved = vi.fn();
    renderForm({ property, onSaved });

    await screen.findByLabelText('Title (English)');
    await openTab('Features');
    expect(screen.getByLabelText('Shared laundry')).toBeChecked();
    expect(screen.getByLabelText('Garden')).not.toBeChecked();
    // An inactive feature stays listed while this property has it.
    expect(screen.getByLabelText('Helipad')).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Basic Amenities' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'General Features' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Luxury Features' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Shared laundry'));
    await openTab('Basic Info');
    await userEvent.type(screen.getByLabelText('Title (English)'), ', renovated');

    await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));

    await waitFor(() => {
      expect(onSaved).toHaveBeenCalledWith(updated);
    });
    const [, init] = server.calls('PUT /api/properties/5')[0] ?? [];
    expect(new Headers(init?.headers).get('If-Match')).toBe('"3"');
    expect(sentBody(init)).toMatchObject({ titleEn: 'Sea view villa, renovated', price: 1234567.89, regionId: 1 });
    expect(body(server.calls('POST /api/properties/5/features')[0])).toEqual({ featureIds: [4] });
    expect(await screen.findByText('Property updated successfully!')).toBeInTheDocument();
  });

  it('offers Reload and Overwrite when someone else saved the property meanwhile', async () => {
    const property = storedProperty();
    const theirs: Property = { ...property, version: 4, price: 999 };
    let puts = 0;
    const server = mockServer({
      ...catalogHandlers(),
      'PUT /api/properties/5': () => {
        puts += 1;
        return puts === 1 ? json(412, { message: 'Changed meanwhile', current: theirs }) : json(200, { ...theirs, version: 5 });
      },
      'POST /api/properties/5/features': answer(200, []),
    });
    renderForm({ property });
    await userEvent.type(await screen.findByLabelText('Title (English)'), '!');

    await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));
    expect(await screen.findByText('Changed by someone else')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Property' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));

    expect(screen.getByLabelText('Price')).toHaveValue(999);
    expect(screen.getByLabelText('Title (English)')).toHaveValue('Sea view villa!');
    await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));
    await screen.findByText('Property updated successfully!');
    const [, init] = server.calls('PUT /api/properties/5')[1] ?? [];
    expect(new Headers(init?.headers).get('If-Match')).toBe('"4"');
  });

  it('does not open the form until the selected features are read', async () => {
    mockServer({ ...catalogHandlers(), 'GET /api/properties/5/features': answer(500, { message: 'Features unavailable' }) });
    renderForm({ property: storedProperty() });

    expect(await screen.findByText('Features unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Property' })).toBeNull();
  });
});
