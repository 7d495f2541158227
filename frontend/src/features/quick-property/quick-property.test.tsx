import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { uploadImages } from '@/features/properties/api/upload-images';
import {
  catalogHandlers,
  categories as formCategories,
  fillRequired,
} from '@/features/properties/components/property-form/test-support';
import { testProperty } from '@/features/properties/test-property';
import type { Category } from '@/generated/types';
import { constants, runRule } from '@/lib/rules';
import { renderApp } from '@/test/render';
import { answer, json, mockServer, sentBody, type Handler } from '@/test/server';

// The upload itself (XMLHttpRequest with progress) is the property form's, tested there.
vi.mock('@/features/properties/api/upload-images', () => ({ uploadImages: vi.fn() }));

const created = '2025-01-01T00:00:00Z';

/** Categories whose names differ in case from the rules' 'investment' and 'residential'. */
const categories: Category[] = [
  { id: 4, nameEn: 'Commercial', nameAr: 'تجاري', createdAt: created, version: 1 },
  { id: 7, nameEn: 'INVESTMENT', nameAr: 'استثماري', createdAt: created, version: 1 },
  { id: 9, nameEn: 'Residential', nameAr: 'سكني', createdAt: created, version: 1 },
];

function server(extra: Record<string, Handler> = {}) {
  return mockServer({
    ...catalogHandlers(),
    'GET /api/categories': answer(200, categories),
    'GET /api/properties?*': answer(200, []),
    ...extra,
  });
}

function card(name: string) {
  return screen.getByRole('button', { name });
}

/** The card a choice button sits on, holding its points. */
function cardOf(name: string) {
  return card(name).closest('article') as HTMLElement;
}

describe('add-property page', () => {
  it.each(['/add-property', '/properties/new', '/admin/add-property'])(
    'at %s asks which kind of property, with the two cards and their texts',
    async (path) => {
      server();
      renderApp(path);

      expect(await screen.findByRole('heading', { name: 'What type of property would you like to add?' })).toBeInTheDocument();
      expect(card('Investment Property')).toHaveAccessibleDescription('For rental income and long-term returns');
      for (const text of ['Rental income focus', 'ROI calculations', 'Investment analytics']) {
        expect(within(cardOf('Investment Property')).getByText(text)).toBeInTheDocument();
      }
      for (const text of ['Direct sales focus', 'Buyer targeting', 'Sales analytics']) {
        expect(within(cardOf('Property for Sale')).getByText(text)).toBeInTheDocument();
      }
      expect(screen.getByRole('link', { name: 'Back to properties' })).toHaveAttribute('href', '/admin/properties');
    },
  );

  it("Investment preselects the category named 'investment' (any case) and the investment display type", async () => {
    server();
    renderApp('/add-property');

    await userEvent.click(await screen.findByRole('button', { name: 'Investment Property' }));

    const category = await screen.findByLabelText('Category');
    await waitFor(() => {
      expect(category).toHaveValue('7');
    });
    expect(screen.getByLabelText('Display Type')).toHaveValue('investment');
    expect(screen.getByRole('heading', { name: 'Add an investment property' })).toBeInTheDocument();
  });

  it("Sale preselects the category named 'residential' and the public display type", async () => {
    server();
    renderApp('/add-property');

    await userEvent.click(await screen.findByRole('button', { name: 'Property for Sale' }));

    const category = await screen.findByLabelText('Category');
    await waitFor(() => {
      expect(category).toHaveValue('9');
    });
    expect(screen.getByLabelText('Display Type')).toHaveValue('public');
  });

  it('the back button returns to the cards', async () => {
    server();
    renderApp('/add-property');
    await userEvent.click(await screen.findByRole('button', { name: 'Property for Sale' }));
    await screen.findByLabelText('Category');

    await userEvent.click(screen.getByRole('button', { name: 'Back to property types' }));

    expect(await screen.findByRole('button', { name: 'Investment Property' })).toBeInTheDocument();
  });

  it('the back button asks first when the form holds unsaved changes', async () => {
    server();
    renderApp('/add-property');
    await userEvent.click(await screen.findByRole('button', { name: 'Property for Sale' }));
    await userEvent.type(await screen.findByLabelText('Title (English)'), 'Half typed');

    await userEvent.click(screen.getByRole('button', { name: 'Back to property types' }));
    expect(screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));

    expect(screen.getByLabelText('Title (English)')).toHaveValue('Half typed');
  });

  it('goes to /admin/properties once the property is saved', async () => {
    const api = server({
      'GET /api/categories': answer(200, formCategories),
      'POST /api/properties': (init) => json(201, testProperty(41, sentBody(init) as object)),
      'POST /api/properties/41/features': answer(200, []),
    });
    const { router } = renderApp('/add-property');
    await userEvent.click(await screen.findByRole('button', { name: 'Investment Property' }));
    await screen.findByLabelText('Category');
    await fillRequired();

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin/properties');
    });
    expect(sentBody(api.calls('POST /api/properties')[0]?.[1])).toMatchObject({ categoryId: 2, displayType: 'investment' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('quick add (the quick form)', () => {
  async function openQuickAdd() {
    await userEvent.click(await screen.findByRole('button', { name: 'Quick add' }));
    return screen.findByRole('button', { name: 'Create Property' });
  }

  it("shows the rules' messages and sends nothing while they fail", async () => {
    const api = server();
    renderApp('/add-property');
    await openQuickAdd();

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    // The rules' own verdict on the untouched form, read through WASM like the form reads it.
    const expected = runRule('validate.quickProperty', {
      ...constants().newForms.quickProperty,
      currentYear: new Date().getFullYear(),
    }) as Record<string, string>;
    for (const field of ['titleEn', 'descriptionEn', 'price', 'locationEn', 'categoryId', 'typeId']) {
      const message = expected[field] ?? `no rule fails ${field}`;
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Title (English)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/properties?form=quick')).toHaveLength(0);
  });

  it('shows the Arabic tab when its texts are what fails first', async () => {
    server();
    renderApp('/add-property');
    await openQuickAdd();
    await userEvent.type(screen.getByLabelText('Title (English)'), 'Garden flat');
    await userEvent.type(screen.getByLabelText('Description (English)'), 'Two bedrooms.');
    await userEvent.type(screen.getByLabelText('Location (English)'), 'Amman');

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    expect(await screen.findByText('Arabic title is required')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Arabic' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Title (Arabic)')).toHaveAttribute('dir', 'rtl');
  });

  it('bounds the year built by the current year and the floors as the rules say', async () => {
    server();
    renderApp('/add-property');
    await openQuickAdd();
    const year = new Date().getFullYear();
    const expected = runRule('validate.quickProperty', { yearBuilt: year + 1, totalFloors: 0, floor: -1, currentYear: year }) as Record<
      string,
      string
    >;

    await userEvent.type(screen.getByLabelText('Year Built'), String(year + 1));
    await userEvent.type(screen.getByLabelText('Total Floors'), '0');
    await userEvent.type(screen.getByLabelText('Floor'), '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    expect(await screen.findByText(expected.yearBuilt ?? 'missing')).toBeInTheDocument();
    expect(expected.yearBuilt).toBe('Year built cannot be in the future');
    expect(screen.getByText(expected.totalFloors ?? 'missing')).toBeInTheDocument();
    expect(screen.getByText(expected.floor ?? 'missing')).toBeInTheDocument();
  });

  it("creates a listing through POST /api/properties?form=quick, JOD and Asia by default, then goes to the list", async () => {
    const api = server({
      'POST /api/properties?form=quick': (init) => json(201, testProperty(50, sentBody(init) as object)),
    });
    vi.mocked(uploadImages).mockResolvedValueOnce(['/media/abc.png']);
    const { router } = renderApp('/add-property');
    await openQuickAdd();

    await userEvent.type(screen.getByLabelText('Title (English)'), 'Garden flat');
    await userEvent.type(screen.getByLabelText('Description (English)'), 'Two bedrooms.');
    await userEvent.type(screen.getByLabelText('Location (English)'), 'Amman');
    await userEvent.click(screen.getByRole('tab', { name: 'Arabic' }));
    await userEvent.type(screen.getByLabelText('Title (Arabic)'), 'شقة مع حديقة');
    await userEvent.type(screen.getByLabelText('Description (Arabic)'), 'غرفتا نوم.');
    await userEvent.type(screen.getByLabelText('Location (Arabic)'), 'عمّان');
    await userEvent.type(screen.getByLabelText('Price'), '120000');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Residential');
    await userEvent.selectOptions(screen.getByLabelText('Property Type'), 'Villa');
    await userEvent.type(screen.getByLabelText('Bedrooms'), '3');
    await userEvent.click(screen.getByLabelText('Garden'));
    await userEvent.upload(
      screen.getByLabelText('Upload images'),
      new File([new Uint8Array([137, 80, 78, 71])], 'flat.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Image 1' })).toHaveAttribute('src', '/media/abc.png?w=160');
    expect(await screen.findByText('Images uploaded successfully')).toBeInTheDocument();
    expect(vi.mocked(uploadImages).mock.calls[0]?.[0].map((file) => file.name)).toEqual(['flat.png']);
    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin/properties');
    });
    expect(await screen.findByText('Property created successfully!')).toBeInTheDocument();
    const sent = sentBody(api.calls('POST /api/properties?form=quick')[0]?.[1]);
    expect(sent).toMatchObject({
      titleEn: 'Garden flat',
      titleAr: 'شقة مع حديقة',
      price: 120000,
      currency: 'JOD',
      continent: 'Asia',
      categoryId: 9,
      typeId: 2,
      bedrooms: 3,
      bathrooms: 0,
      hasGarden: true,
      images: ['/media/abc.png'],
    });
    expect(sent).not.toHaveProperty('currentYear');
  });

  it("toasts 'Failed to upload images' and keeps the images it had", async () => {
    server();
    vi.mocked(uploadImages).mockRejectedValueOnce(new Error('offline'));
    renderApp('/add-property');
    await openQuickAdd();

    await userEvent.upload(
      screen.getByLabelText('Upload images'),
      new File([new Uint8Array([137, 80, 78, 71])], 'flat.png', { type: 'image/png' }),
    );

    expect(await screen.findByText('Failed to upload images')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Image 1' })).toBeNull();
  });

  it("toasts 'Error' with the server's message and keeps what was typed when refused", async () => {
    server({
      'POST /api/properties?form=quick': answer(409, { message: 'Category not found', errors: { categoryId: 'Category not found' } }),
    });
    renderApp('/add-property');
    await openQuickAdd();
    await userEvent.type(screen.getByLabelText('Title (English)'), 'Garden flat');
    await userEvent.type(screen.getByLabelText('Description (English)'), 'Two bedrooms.');
    await userEvent.type(screen.getByLabelText('Location (English)'), 'Amman');
    await userEvent.click(screen.getByRole('tab', { name: 'Arabic' }));
    await userEvent.type(screen.getByLabelText('Title (Arabic)'), 'شقة');
    await userEvent.type(screen.getByLabelText('Description (Arabic)'), 'غرفتان.');
    await userEvent.type(screen.getByLabelText('Location (Arabic)'), 'عمّان');
    await userEvent.type(screen.getByLabelText('Price'), '1');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Residential');
    await userEvent.selectOptions(screen.getByLabelText('Property Type'), 'Villa');

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Category not found')).toHaveLength(2);
    expect(screen.getByLabelText('Price')).toHaveValue(1);
  });

  /** Fills what the rules require of the quick form. */
  async function fillQuickRequired() {
    await userEvent.type(screen.getByLabelText('Title (English)'), 'Garden flat');
    await userEvent.type(screen.getByLabelText('Description (English)'), 'Two bedrooms.');
    await userEvent.type(screen.getByLabelText('Location (English)'), 'Amman');
    await userEvent.click(screen.getByRole('tab', { name: 'Arabic' }));
    await userEvent.type(screen.getByLabelText('Title (Arabic)'), 'شقة');
    await userEvent.type(screen.getByLabelText('Description (Arabic)'), 'غرفتان.');
    await userEvent.type(screen.getByLabelText('Location (Arabic)'), 'عمّان');
    await userEvent.type(screen.getByLabelText('Price'), '900');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Residential');
    await userEvent.selectOptions(screen.getByLabelText('Property Type'), 'Villa');
  }

  function statusOptions(): string[] {
    return within(screen.getByLabelText('Status'))
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
  }

  it('asks a rental for its rent period, names the price by it and sends both', async () => {
    const api = server({
      'POST /api/properties?form=quick': (init) => json(201, testProperty(51, sentBody(init) as object)),
    });
    const { router } = renderApp('/add-property');
    await openQuickAdd();
    await fillQuickRequired();
    expect(screen.getByLabelText('Offering')).toHaveDisplayValue('Sale');
    expect(screen.queryByLabelText('Rent period')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Offering'), 'Rent');
    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    const expected = runRule('validate.quickProperty', {
      ...constants().newForms.quickProperty,
      offeringType: 'rent',
      currentYear: new Date().getFullYear(),
    }) as Record<string, string>;
    expect(await screen.findByText(expected.rentFrequency ?? 'no rule fails rentFrequency')).toBeInTheDocument();
    expect(api.calls('POST /api/properties?form=quick')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Rent period'), 'Weekly');
    expect(screen.getByLabelText('Price per week')).toHaveValue(900);
    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin/properties');
    });
    expect(sentBody(api.calls('POST /api/properties?form=quick')[0]?.[1])).toMatchObject({
      offeringType: 'rent',
      rentFrequency: 'weekly',
      price: 900,
    });
  });

  it('sends a sale without the rent period chosen before the offering changed back', async () => {
    const api = server({
      'POST /api/properties?form=quick': (init) => json(201, testProperty(52, sentBody(init) as object)),
    });
    const { router } = renderApp('/add-property');
    await openQuickAdd();
    await fillQuickRequired();
    await userEvent.selectOptions(screen.getByLabelText('Offering'), 'Rent');
    await userEvent.selectOptions(screen.getByLabelText('Rent period'), 'Daily');

    await userEvent.selectOptions(screen.getByLabelText('Offering'), 'Sale');
    expect(screen.queryByLabelText('Rent period')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin/properties');
    });
    expect(sentBody(api.calls('POST /api/properties?form=quick')[0]?.[1])).toMatchObject({
      offeringType: 'sale',
      rentFrequency: null,
    });
  });

  it('offers only the statuses that fit the offering, and keeps a sold one under the rules’ message', async () => {
    server();
    renderApp('/add-property');
    await openQuickAdd();
    expect(statusOptions()).toEqual(['active', 'pending', 'sold', 'archived']);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Sold');

    await userEvent.selectOptions(screen.getByLabelText('Offering'), 'Rent');

    const expected = runRule('validate.quickProperty', {
      ...constants().newForms.quickProperty,
      offeringType: 'rent',
      rentFrequency: 'monthly',
      status: 'sold',
      currentYear: new Date().getFullYear(),
    }) as Record<string, string>;
    expect(await screen.findByText(expected.status ?? 'no rule fails status')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('sold');
    expect(statusOptions()).toEqual(['active', 'pending', 'sold', 'rented', 'archived']);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Active');
    expect(statusOptions()).toEqual(['active', 'pending', 'rented', 'archived']);
  });
});
