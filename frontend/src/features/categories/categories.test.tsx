import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { validate } from '@/lib/rules';
import { renderApp } from '@/test/render';
import { answer, json, mockServer, sentBody, signedIn } from '@/test/server';
import type { Category } from './api/get-categories';

const LONG = 'A spacious family home close to schools, parks and the city centre.';

function category(id: number, overrides: Partial<Category> = {}): Category {
  return {
    id,
    version: 1,
    nameEn: `Category ${id}`,
    nameAr: `فئة ${id}`,
    descriptionEn: null,
    descriptionAr: null,
    imageUrl: null,
    createdAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

const residential = category(1, {
  nameEn: 'Residential',
  nameAr: 'سكني',
  descriptionEn: LONG,
  imageUrl: '/media/abc.png',
});
const investment = category(2, { nameEn: 'Investment', nameAr: 'استثماري' });

function table() {
  return screen.getByRole('table', { name: 'Categories' });
}

async function openAddDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Category' }));
  return screen.getByRole('dialog', { name: 'Add New Category' });
}

describe('categories screen', () => {
  it('lists image, names and descriptions cut at 50 characters, with the count in the heading', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/categories': answer(200, [residential, investment]) });
    renderApp('/categories');

    expect(await screen.findByText('All Categories (2)')).toBeInTheDocument();
    const rows = within(table()).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: 'Residential' })).toHaveAttribute('src', '/media/abc.png?w=160');
    expect(within(rows[1] as HTMLElement).getByText(`${LONG.slice(0, 50)}...`)).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('سكني')).toHaveAttribute('dir', 'rtl');
    expect(within(rows[2] as HTMLElement).getByText('No Image')).toBeInTheDocument();
    for (const header of ['Image', 'Name (English)', 'Name (Arabic)', 'Description (English)', 'Description (Arabic)']) {
      expect(within(table()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('searches by English name', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/categories': answer(200, [residential, investment]) });
    renderApp('/admin/categories');

    await userEvent.type(await screen.findByRole('searchbox'), 'invest');

    expect(within(table()).getByText('Investment')).toBeInTheDocument();
    expect(within(table()).queryByText('Residential')).toBeNull();
  });

  it('shows the rules’ messages under empty names and sends nothing', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/categories': answer(200, []) });
    renderApp('/categories');
    const expected = validate('category', { nameEn: '', nameAr: '' });

    const dialog = await openAddDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(expected.nameEn ?? '')).toBeInTheDocument();
    expect(within(dialog).getByText(expected.nameAr ?? '')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name (English)')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST /api/categories')).toHaveLength(0);
  });

  it('takes Arabic right to left', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/categories': answer(200, []) });
    renderApp('/categories');

    const dialog = await openAddDialog();

    for (const label of ['Name (Arabic)', 'Description (Arabic)']) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('dir', 'rtl');
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('lang', 'ar');
    }
    expect(within(dialog).getByText('PNG, JPG, GIF up to 10MB')).toBeInTheDocument();
  });

  it("creates a category with its image read as a data URL, toasts, and refreshes the list", async () => {
    let stored: Category[] = [];
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/categories': () => json(200, stored),
      'POST /api/categories': (init) => {
        stored = [category(7, { ...(sentBody(init) as Partial<Category>), imageUrl: '/media/f00.png' })];
        return json(201, stored[0]);
      },
    });
    renderApp('/categories');

    const dialog = await openAddDialog();
    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Villas');
    await userEvent.type(within(dialog).getByLabelText('Name (Arabic)'), 'فلل');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'villa.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText(/Upload an image/), png);
    expect(await within(dialog).findByRole('img', { name: 'Villas' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/) as string,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Category created successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/categories')[0]?.[1])).toEqual({
      nameEn: 'Villas',
      nameAr: 'فلل',
      descriptionEn: null,
      descriptionAr: null,
      imageUrl: 'data:image/png;base64,iVBORw==',
    });
    expect(await within(table()).findByText('Villas')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a file over the limit in the browser', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/categories': answer(200, []) });
    renderApp('/categories');

    const dialog = await openAddDialog();
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await userEvent.upload(within(dialog).getByLabelText(/Upload an image/), huge);

    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 10MB')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).toBeNull();
  });

  it("edits a category: 'Edit Category', then 'Category updated successfully'", async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/categories': answer(200, [residential]),
      'PUT /api/categories/1': (init) => json(200, { ...residential, ...(sentBody(init) as object) }),
    });
    renderApp('/categories');

    await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
    expect(within(dialog).getByLabelText('Name (English)')).toHaveValue('Residential');
    expect(within(dialog).getByRole('img', { name: 'Residential' })).toHaveAttribute('src', '/media/abc.png?w=320');
    await userEvent.clear(within(dialog).getByLabelText('Name (English)'));
    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Homes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Category updated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('PUT /api/categories/1')[0]?.[1])).toMatchObject({
      nameEn: 'Homes',
      imageUrl: '/media/abc.png',
      descriptionEn: LONG,
    });
  });

  it("shows the server's 422 messages under the fields and toasts 'Failed to create category'", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/categories': answer(200, []),
      'POST /api/categories': answer(422, { message: 'Validation failed', errors: { imageUrl: 'Not an image' } }),
    });
    renderApp('/categories');

    const dialog = await openAddDialog();
    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Villas');
    await userEvent.type(within(dialog).getByLabelText('Name (Arabic)'), 'فلل');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Not an image')).toBeInTheDocument();
    const toast = (await screen.findByText('Failed to create category')).closest('li');
    expect(within(toast as HTMLElement).getByText('Validation failed')).toBeInTheDocument();
  });

  it("deletes after the browser confirm 'Are you sure you want to delete this category?'", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/categories': answer(200, [residential]),
      'DELETE /api/categories/1': answer(204),
    });
    renderApp('/categories');

    await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Delete' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this category?');
    expect(await screen.findByText('Category deleted successfully')).toBeInTheDocument();
    expect(server.calls('DELETE /api/categories/1')).toHaveLength(1);
    await waitFor(() => {
      expect(server.calls('GET /api/categories')).toHaveLength(2);
    });
  });

  it('keeps the category when the browser confirm is declined', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/categories': answer(200, [residential]),
      'DELETE /api/categories/1': answer(204),
    });
    renderApp('/categories');

    await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Delete' }));

    expect(server.calls('DELETE /api/categories/1')).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("toasts 'Failed to delete category' with the server's reason", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/categories': answer(200, [residential]),
      'DELETE /api/categories/1': answer(409, { message: 'Category is used by 3 properties' }),
    });
    renderApp('/categories');

    await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Delete' }));

    const toast = (await screen.findByText('Failed to delete category')).closest('li');
    expect(within(toast as HTMLElement).getByText('Category is used by 3 properties')).toBeInTheDocument();
  });
});
