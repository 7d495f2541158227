import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/rules';
import { renderApp } from '@/test/render';
import { answer, json, mockServer, sentBody, signedIn } from '@/test/server';
import type { PropertyFeature } from './api/get-property-features';

const pool: PropertyFeature = {
  id: 1,
  version: 1,
  nameEn: 'Private Pool',
  nameAr: 'مسبح خاص',
  icon: 'fi fi-rr-swimmer',
  category: 'luxury',
  isActive: true,
  displayOrder: 1,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};
const parking: PropertyFeature = { ...pool, id: 2, nameEn: 'Parking', nameAr: 'موقف', category: 'amenities', isActive: false };

function card() {
  return screen.getByRole('form');
}

describe('features management screen', () => {
  it('has the three tabs, each listing its own group', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/property-features': answer(200, [pool, parking]) });
    renderApp('/features-management');

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Luxury Features', 'Basic Amenities', 'General Features']);
    expect(await screen.findByRole('cell', { name: 'Private Pool' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Parking' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Basic Amenities' }));
    expect(await screen.findByRole('cell', { name: 'Parking' })).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'General Features' }));
    expect(await screen.findByText('No features found. Click "Add Feature" to create one.')).toBeInTheDocument();
  });

  it("starts a new feature with the 'fi fi-rr-star' icon in the current tab's group", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/property-features': answer(200, []) });
    renderApp('/admin/features');

    await userEvent.click(await screen.findByRole('tab', { name: 'Basic Amenities' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Feature' }));

    expect(within(card()).getByLabelText('Icon')).toHaveValue('fi fi-rr-star');
    expect(within(card()).getByLabelText('Category')).toHaveValue('amenities');
    expect(within(card()).getByLabelText('Active')).toBeChecked();
    expect(within(card()).getByLabelText('Name (Arabic)')).toHaveAttribute('dir', 'rtl');
    expect(within(card()).getByLabelText('Name (Arabic)')).toHaveAttribute('lang', 'ar');
  });

  it('keeps Save disabled until both names and the icon are filled', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/property-features': answer(200, []) });
    renderApp('/features');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Feature' }));
    const save = within(card()).getByRole('button', { name: 'Save' });

    expect(save).toBeDisabled();
    await userEvent.type(within(card()).getByLabelText('Name (English)'), 'Sea View');
    expect(save).toBeDisabled();
    await userEvent.type(within(card()).getByLabelText('Name (Arabic)'), 'إطلالة بحرية');
    expect(save).toBeEnabled();
    await userEvent.clear(within(card()).getByLabelText('Icon'));
    expect(save).toBeDisabled();
    await userEvent.type(within(card()).getByLabelText('Icon'), 'fi fi-rr-water');
    expect(save).toBeEnabled();
  });

  it("shows the rules' messages for blank-looking names and sends nothing", async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/property-features': answer(200, []) });
    renderApp('/features');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Feature' }));

    await userEvent.type(within(card()).getByLabelText('Name (English)'), '   ');
    await userEvent.type(within(card()).getByLabelText('Name (Arabic)'), 'مسبح');
    await userEvent.clear(within(card()).getByLabelText('Display Order'));
    await userEvent.type(within(card()).getByLabelText('Display Order'), '-2');
    await userEvent.click(within(card()).getByRole('button', { name: 'Save' }));

    const expected = validate('propertyFeature', { nameEn: '   ', nameAr: 'مسبح', icon: 'x', displayOrder: -2 });
    expect(await within(card()).findByText(expected.nameEn ?? '')).toBeInTheDocument();
    expect(within(card()).getByText(expected.displayOrder ?? '')).toBeInTheDocument();
    expect(server.calls('POST /api/property-features')).toHaveLength(0);
  });

  it("creates a feature, toasts 'Feature created successfully' and lists it", async () => {
    let stored: PropertyFeature[] = [];
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/property-features': () => json(200, stored),
      'POST /api/property-features': (init) => {
        stored = [{ ...pool, ...(sentBody(init) as object), id: 5 }];
        return json(201, stored[0]);
      },
    });
    renderApp('/features');
    await userEvent.click(await screen.findByRole('tab', { name: 'General Features' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Feature' }));

    await userEvent.type(within(card()).getByLabelText('Name (English)'), 'Garden');
    await userEvent.type(within(card()).getByLabelText('Name (Arabic)'), 'حديقة');
    await userEvent.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Feature created successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/property-features')[0]?.[1])).toEqual({
      nameEn: 'Garden',
      nameAr: 'حديقة',
      icon: 'fi fi-rr-star',
      category: 'general',
      isActive: true,
      displayOrder: 0,
    });
    expect(await screen.findByRole('cell', { name: 'Garden' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("edits a feature in its card and toasts 'Failed to update feature' on a refusal", async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/property-features': answer(200, [pool]),
      'PUT /api/property-features/1': answer(500, { message: 'Database unavailable' }),
    });
    renderApp('/features');

    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('form', { name: 'Edit Feature' })).toBeInTheDocument();
    expect(within(card()).getByLabelText('Name (English)')).toHaveValue('Private Pool');
    await userEvent.type(within(card()).getByLabelText('Name (English)'), ' Deluxe');
    await userEvent.click(within(card()).getByRole('button', { name: 'Save' }));

    const toast = (await screen.findByText('Failed to update feature')).closest('li');
    expect(within(toast as HTMLElement).getByText('Database unavailable')).toBeInTheDocument();
    expect(sentBody(server.calls('PUT /api/property-features/1')[0]?.[1])).toMatchObject({
      nameEn: 'Private Pool Deluxe',
      category: 'luxury',
    });
  });

  it("deletes after the confirm 'Are you sure you want to delete this feature?', saying how many listings lose it", async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/property-features': answer(200, [pool]),
      'GET /api/property-features/1/usage': answer(200, { listings: 12 }),
      'DELETE /api/property-features/1': answer(204),
    });
    renderApp('/features');

    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    expect(
      await within(dialog).findByText('Used by 12 listings, which will lose it.', { exact: false }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Are you sure you want to delete this feature?', { exact: false })).toBeInTheDocument();
    expect(server.calls('DELETE /api/property-features/1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Feature deleted successfully')).toBeInTheDocument();
    expect(server.calls('DELETE /api/property-features/1')).toHaveLength(1);
  });

  it('says when no listing uses the feature', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/property-features': answer(200, [pool]),
      'GET /api/property-features/1/usage': answer(200, { listings: 0 }),
    });
    renderApp('/features');

    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    expect(await within(dialog).findByText('No listing uses it.')).toBeInTheDocument();
  });
});
