import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { validate } from '@/lib/rules';
import { renderApp } from '@/test/render';
import { answer, json, mockServer, sentBody, signedIn } from '@/test/server';
import type { PropertyType } from './api/get-property-types';

const villa: PropertyType = {
  id: 3,
  version: 1,
  nameEn: 'Villa',
  nameAr: 'فيلا',
  descriptionEn: 'Detached house with a private garden',
  descriptionAr: 'منزل مستقل مع حديقة خاصة',
  createdAt: '2025-01-01T00:00:00Z',
};
const flat: PropertyType = { ...villa, id: 4, nameEn: 'Apartment', nameAr: 'شقة', descriptionEn: null, descriptionAr: null };

describe('property types screen', () => {
  it('lists names and descriptions in both languages, searchable by English name', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/property-types': answer(200, [villa, flat]) });
    renderApp('/types');

    const table = await screen.findByRole('table', { name: 'Property Types' });
    expect(await within(table).findByText('Villa')).toBeInTheDocument();
    expect(within(table).getByText('منزل مستقل مع حديقة خاصة')).toHaveAttribute('lang', 'ar');
    expect(screen.getByText('All Property Types (2)')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox'), 'apart');
    expect(within(table).queryByText('Villa')).toBeNull();
    expect(within(table).getByText('Apartment')).toBeInTheDocument();
  });

  it("opens 'Add New Property Type', checks with the rules, and creates with a toast", async () => {
    let stored: PropertyType[] = [];
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/property-types': () => json(200, stored),
      'POST /api/property-types': (init) => {
        stored = [{ ...villa, ...(sentBody(init) as object), id: 9 }];
        return json(201, stored[0]);
      },
    });
    renderApp('/admin/types');

    await userEvent.click(await screen.findByRole('button', { name: 'Add Property Type' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Property Type' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const expected = validate('propertyType', { nameEn: '', nameAr: '' });
    expect(await within(dialog).findByText(expected.nameEn ?? '')).toBeInTheDocument();
    expect(server.calls('POST /api/property-types')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Chalet');
    await userEvent.type(within(dialog).getByLabelText('Name (Arabic)'), 'شاليه');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Property type created successfully')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Chalet' })).toBeInTheDocument();
  });

  it("toasts 'Failed to update property type' when the server refuses", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/property-types': answer(200, [villa]),
      'PUT /api/property-types/3': answer(500, { message: 'Database unavailable' }),
    });
    renderApp('/types');

    await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Property Type' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const toast = (await screen.findByText('Failed to update property type')).closest('li');
    expect(within(toast as HTMLElement).getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Property Type' })).toBeInTheDocument();
  });

  it("deletes after the confirm 'Are you sure you want to delete this property type?'", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/property-types': answer(200, [villa]),
      'DELETE /api/property-types/3': answer(204),
    });
    renderApp('/types');

    await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Delete' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this property type?');
    expect(await screen.findByText('Property type deleted successfully')).toBeInTheDocument();
  });
});
