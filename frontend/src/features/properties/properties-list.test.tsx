import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Property } from '@/generated/types';
import { setInterfaceLanguage } from '@/i18n';
import ar from '@/i18n/properties.ar.json';
import arabicTerms from '@/i18n/vocabulary.ar.json';
import { constants } from '@/lib/rules';
import { renderApp } from '@/test/render';
import { admin, answer, json, mockServer, sentBody, signedIn, withQuery } from '@/test/server';
import { testProperty } from './test-property';

/** Whether `value` is within the range `query` names by `low` and `high` (either may be absent). */
function inRange(query: URLSearchParams, low: string, high: string, value: number | null | undefined): boolean {
  const min = query.get(low);
  const max = query.get(high);
  if (min !== null && (value ?? 0) < Number(min)) return false;
  return max === null || (value ?? 0) <= Number(max);
}

/**
 * A server holding `properties` that pages, searches (in titles), filters (status, offering,
 * price, area, bedrooms) and orders them as the API does, refusing a range whose low end is above its
 * high end (400) as the API does.
 */
function listingServer(properties: Property[]) {
  return withQuery((query) => {
    for (const [low, high] of [['minPrice', 'maxPrice'], ['minArea', 'maxArea']] as const) {
      if (Number(query.get(low) ?? 0) > Number(query.get(high) ?? Infinity)) {
        return json(400, { message: `${low} must not be more than ${high}` });
      }
    }
    const page = Number(query.get('page') ?? '1');
    const pageSize = Number(query.get('pageSize') ?? '10');
    const q = query.get('q') ?? '';
    const sort = query.get('sort') ?? '-createdAt';
    const bedrooms = Number(query.get('bedrooms') ?? 0);
    const status = query.get('status');
    const offeringType = query.get('offeringType');
    const found = properties.filter(
      (property) =>
        (q === '' || property.titleEn.includes(q) || property.titleAr.includes(q)) &&
        (status === null || property.status === status) &&
        (offeringType === null || property.offeringType === offeringType) &&
        inRange(query, 'minPrice', 'maxPrice', property.price) &&
        inRange(query, 'minArea', 'maxArea', property.area) &&
        (property.bedrooms ?? 0) >= bedrooms,
    );
    const field = sort.replace(/^-/, '') as keyof Property;
    const ordered = [...found].sort((a, b) => {
      const text = (value: unknown) => JSON.stringify(value ?? null).replace(/^"|"$/g, '');
      const order = text(a[field]).localeCompare(text(b[field]), 'en', { numeric: true });
      return sort.startsWith('-') ? -order : order;
    });
    return json(200, ordered.slice((page - 1) * pageSize, page * pageSize), { 'X-Total-Count': String(found.length) });
  });
}

function many(count: number): Property[] {
  return Array.from({ length: count }, (_, index) =>
    testProperty(index + 1, { createdAt: `2025-01-${String(index + 1).padStart(2, '0')}T00:00:00Z`, price: 1000 * (index + 1) }),
  );
}

function table() {
  return screen.getByRole('table', { name: 'Properties' });
}

function bodyRows() {
  const [, body] = within(table()).getAllByRole('rowgroup');
  return within(body as HTMLElement).getAllByRole('row');
}

function rowOf(title: string) {
  return within(table()).getByText(title).closest('tr') as HTMLElement;
}

const pageCalls = (server: ReturnType<typeof mockServer>) =>
  server.fetch.mock.calls
    .map(([input]) => (typeof input === 'string' ? input : ''))
    .filter((path) => path.startsWith('/api/properties?'));

describe('properties list', () => {
  it("reads 'Loading...' until the first page arrives, then shows the columns of core §2", async () => {
    let release: (response: Response) => void = () => undefined;
    const withImage = testProperty(1, { images: ['/media/abc.jpg', '/media/def.jpg'], status: 'active', continent: 'North America' });
    const plain = testProperty(2, { propertyNumber: null, status: 'pending', titleEn: 'Office Tower', price: 1234567.5, currency: 'USD' });
    const sold = testProperty(3, { status: 'sold', titleEn: 'Sold Flat' });
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?page=1&pageSize=10': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderApp('/properties');

    expect(await screen.findByRole('heading', { name: 'Properties' })).toBeInTheDocument();
    expect(screen.getByText('Manage your property listings')).toBeInTheDocument();
    expect(await screen.findByText('Loading...')).toBeInTheDocument();

    release(json(200, [withImage, plain, sold], { 'X-Total-Count': '3' }));

    await screen.findByRole('table', { name: 'Properties' });
    const first = rowOf('Villa 1');
    expect(within(first).getByText('#101')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Villa 1' })).toHaveAttribute('src', '/media/abc.jpg?w=160');
    expect(within(first).getByText('Abdoun, Amman, Jordan')).toBeInTheDocument();
    expect(within(first).getByText('Residential')).toBeInTheDocument();
    expect(within(first).getAllByText('Villa')).not.toHaveLength(0);
    expect(within(first).getByText('250,000 JOD')).toBeInTheDocument();
    expect(within(first).getByText('North America')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toHaveClass('bg-primary');

    const second = rowOf('Office Tower');
    expect(within(second).getByText('#2')).toBeInTheDocument();
    expect(within(second).getByText('No Image')).toBeInTheDocument();
    expect(within(second).getByText('1,234,567.5 USD')).toBeInTheDocument();
    expect(within(second).getByText('Pending')).toHaveClass('bg-secondary');
    expect(within(rowOf('Sold Flat')).getByText('Sold')).toHaveClass('border-border');

    for (const header of ['Number', 'Image', 'Title', 'Category', 'Type', 'Price', 'Continent', 'Status', 'Actions']) {
      expect(within(table()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
  });

  it('asks the server for each page of 10 and keeps the page in the address', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(many(25)) });
    const { router } = renderApp('/admin/properties');

    expect(await screen.findByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();
    expect(pageCalls(server)).toEqual([`/api/properties?page=1&pageSize=${String(constants().pageSize)}`]);
    expect(bodyRows()).toHaveLength(10);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(pageCalls(server).at(-1)).toBe('/api/properties?page=2&pageSize=10');
    expect(router.state.location.search).toBe('?page=2');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 25 of 25 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    // Back in history shows the page before.
    await router.navigate(-1);
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
  });

  it('keeps the rows and the line of the page shown until the next page answers', async () => {
    const listings = many(25);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': async (init, url) => {
        if (url?.searchParams.get('page') === '2') await held;
        return listingServer(listings)(init, url);
      },
    });
    renderApp('/properties');
    await screen.findByText('Showing 1 to 10 of 25 results');
    const firstPage = bodyRows().map((row) => row.textContent);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();
    expect(bodyRows().map((row) => row.textContent)).toEqual(firstPage);
    release();
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(bodyRows().map((row) => row.textContent)).not.toEqual(firstPage);
  });

  it('opens on the page, search and order its address names', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(many(25)) });
    renderApp('/properties?page=2&q=Villa&sort=-price');

    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(pageCalls(server)).toEqual(['/api/properties?page=2&pageSize=10&q=Villa&sort=-price']);
    expect(screen.getByRole('searchbox')).toHaveValue('Villa');
    expect(within(table()).getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
    expect(within(bodyRows()[0] as HTMLElement).getByText('Villa 15')).toBeInTheDocument();
  });

  it('orders by a clicked header on the server, ascending then descending, from the first page', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(many(25)) });
    const { router } = renderApp('/properties?page=2');
    await screen.findByText('Showing 11 to 20 of 25 results');

    await userEvent.click(within(table()).getByRole('button', { name: 'Price' }));
    await waitFor(() => {
      expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&sort=price');
    });
    expect(router.state.location.search).toBe('?sort=price');
    await waitFor(() => {
      expect(within(bodyRows()[0] as HTMLElement).getByText('Villa 1')).toBeInTheDocument();
    });

    await userEvent.click(within(table()).getByRole('button', { name: 'Price' }));
    await waitFor(() => {
      expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&sort=-price');
    });
    await waitFor(() => {
      expect(within(bodyRows()[0] as HTMLElement).getByText('Villa 25')).toBeInTheDocument();
    });
    expect(within(table()).getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');

    for (const [header, field] of [['Number', 'propertyNumber'], ['Title', 'titleEn'], ['Status', 'status']] as const) {
      await userEvent.click(within(table()).getByRole('button', { name: header }));
      await waitFor(() => {
        expect(pageCalls(server).at(-1)).toBe(`/api/properties?page=1&pageSize=10&sort=${field}`);
      });
    }
  });

  it('searches on the server once typing pauses, in Arabic too, from the first page', async () => {
    const properties = [...many(12), testProperty(40, { titleEn: 'Sea View', titleAr: 'إطلالة بحرية' })];
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(properties) });
    const { router } = renderApp('/properties?page=2');
    await screen.findByText('Showing 11 to 13 of 13 results');

    await userEvent.type(screen.getByRole('searchbox'), 'إطلالة');

    expect(await screen.findByText('Showing 1 to 1 of 1 results')).toBeInTheDocument();
    expect(within(table()).getByText('Sea View')).toBeInTheDocument();
    const searches = pageCalls(server).filter((path) => path.includes('q='));
    expect(searches).toEqual([`/api/properties?page=1&pageSize=10&q=${encodeURIComponent('إطلالة').replace(/%20/g, '+')}`]);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('إطلالة');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
  });

  it("reads 'No results found' when nothing matches", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(many(3)) });
    renderApp('/properties?q=nothing');

    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});

/** Listings 1 to 25: listing N costs N × 1,000, has N × 10 m² and N % 6 bedrooms. */
function varied(): Property[] {
  return many(25).map((property) => ({ ...property, area: property.id * 10, bedrooms: property.id % 6 }));
}

function addressOf(router: ReturnType<typeof renderApp>['router']) {
  return new URLSearchParams(router.state.location.search);
}

const lastQuery = (server: ReturnType<typeof mockServer>) => new URL(pageCalls(server).at(-1) ?? '', 'http://localhost').searchParams;

describe('filtering by price, area and bedrooms', () => {
  it('sends a price range once typing pauses, from the first page, and keeps it in the address', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(varied()) });
    const { router } = renderApp('/properties?page=2');
    await screen.findByText('Showing 11 to 20 of 25 results');

    await userEvent.type(screen.getByRole('spinbutton', { name: 'Minimum price' }), '3000');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Maximum price' }), '7500.5');

    expect(await screen.findByText('Showing 1 to 5 of 5 results')).toBeInTheDocument();
    expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&minPrice=3000&maxPrice=7500.5');
    expect(addressOf(router).get('minPrice')).toBe('3000');
    expect(addressOf(router).get('maxPrice')).toBe('7500.5');
    expect(addressOf(router).get('page')).toBeNull();
  });

  it('sends an area range and a bedrooms minimum, each kept in the address', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(varied()) });
    const { router } = renderApp('/properties?page=3');
    await screen.findByText('Showing 21 to 25 of 25 results');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Bedrooms' }), '4+');
    await waitFor(() => {
      expect(lastQuery(server).get('bedrooms')).toBe('4');
    });
    expect(lastQuery(server).get('page')).toBe('1');
    expect(addressOf(router).get('bedrooms')).toBe('4');

    await userEvent.type(screen.getByRole('spinbutton', { name: 'Minimum area' }), '100');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Maximum area' }), '200');
    await waitFor(() => {
      expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&minArea=100&maxArea=200&bedrooms=4');
    });
    expect(addressOf(router).get('minArea')).toBe('100');
    expect(addressOf(router).get('maxArea')).toBe('200');
    // Listings 10 to 20 measure 100 to 200 m²; of them 10, 11, 16 and 17 have 4 or more bedrooms.
    expect(await screen.findByText('Showing 1 to 4 of 4 results')).toBeInTheDocument();
  });

  it('opens with the filters its address names, shown and sent', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(varied()) });
    renderApp('/properties?minPrice=2000&maxPrice=20000&minArea=50&maxArea=150&bedrooms=2');

    expect(await screen.findByText('Showing 1 to 7 of 7 results')).toBeInTheDocument();
    expect(pageCalls(server)).toEqual([
      '/api/properties?page=1&pageSize=10&minPrice=2000&maxPrice=20000&minArea=50&maxArea=150&bedrooms=2',
    ]);
    expect(screen.getByRole('spinbutton', { name: 'Minimum price' })).toHaveValue(2000);
    expect(screen.getByRole('spinbutton', { name: 'Maximum price' })).toHaveValue(20000);
    expect(screen.getByRole('spinbutton', { name: 'Minimum area' })).toHaveValue(50);
    expect(screen.getByRole('spinbutton', { name: 'Maximum area' })).toHaveValue(150);
    expect(screen.getByRole('combobox', { name: 'Bedrooms' })).toHaveValue('2');
  });

  it('says so under a range whose minimum is above its maximum, and asks for no such page', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(varied()) });
    const { router } = renderApp('/properties');
    await screen.findByText('Showing 1 to 10 of 25 results');

    const minimum = screen.getByRole('spinbutton', { name: 'Minimum price' });
    await userEvent.type(minimum, '9000');
    await waitFor(() => {
      expect(lastQuery(server).get('minPrice')).toBe('9000');
    });
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Maximum price' }), '5000');

    const message = await screen.findByText('The minimum must not be more than the maximum');
    expect(minimum).toHaveAttribute('aria-invalid', 'true');
    expect(minimum).toHaveAccessibleDescription(message.textContent);
    expect(pageCalls(server).filter((path) => path.includes('maxPrice'))).toEqual([]);
    expect(addressOf(router).get('maxPrice')).toBeNull();

    // Mended, the range is sent and the message goes.
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '1000');
    await waitFor(() => {
      expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&minPrice=1000&maxPrice=5000');
    });
    expect(screen.queryByText('The minimum must not be more than the maximum')).toBeNull();
    expect(minimum).toHaveAttribute('aria-invalid', 'false');
  });

  it('sends no range the address names with its minimum above its maximum, and says why', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(varied()) });
    renderApp('/properties?minArea=300&maxArea=100&bedrooms=1');

    expect(await screen.findByText('The minimum must not be more than the maximum')).toBeInTheDocument();
    await screen.findByText(/^Showing/);
    expect(pageCalls(server)).toEqual(['/api/properties?page=1&pageSize=10&bedrooms=1']);
  });

  it("takes every filter off with 'Clear filters', from the first page, keeping the search", async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(varied()) });
    const { router } = renderApp('/properties?q=Villa&minPrice=1000&maxArea=90&bedrooms=3&page=2');
    await screen.findByRole('table', { name: 'Properties' });

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));

    await waitFor(() => {
      expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&q=Villa');
    });
    expect(router.state.location.search).toBe('?q=Villa');
    expect(screen.getByRole('spinbutton', { name: 'Minimum price' })).toHaveValue(null);
    expect(screen.getByRole('spinbutton', { name: 'Maximum area' })).toHaveValue(null);
    expect(screen.getByRole('combobox', { name: 'Bedrooms' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it("offers 'all matching' while they narrow the list: the bulk call's filter carries them", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(varied()) });
    renderApp('/properties?minPrice=1000');
    await screen.findByText('Showing 1 to 10 of 25 results');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));

    expect(screen.getByText('10 selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select all 25 matching' })).toBeInTheDocument();
  });
});

describe('ordering by relevance', () => {
  const sortChoices = () =>
    within(screen.getByRole('combobox', { name: 'Sort by' }))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('is offered only while a search is typed', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(many(3)) });
    renderApp('/properties');
    await screen.findByText('Showing 1 to 3 of 3 results');
    expect(sortChoices()).not.toContain('Relevance');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-createdAt');

    await userEvent.type(screen.getByRole('searchbox'), 'Villa');

    await waitFor(() => {
      expect(sortChoices()[0]).toBe('Relevance');
    });
  });

  it('orders the search by relevance on the server, and falls back to newest first once the search is cleared', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(many(25)) });
    const { router } = renderApp('/properties?q=Villa&page=2');
    await screen.findByText('Showing 11 to 20 of 25 results');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Relevance');
    await waitFor(() => {
      expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&q=Villa&sort=relevance');
    });
    expect(addressOf(router).get('sort')).toBe('relevance');

    await userEvent.clear(screen.getByRole('searchbox'));

    await waitFor(() => {
      expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10');
    });
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-createdAt');
    expect(sortChoices()).not.toContain('Relevance');
  });

  it('is not asked for by an address that names it without a search', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(many(3)) });
    renderApp('/properties?sort=relevance');

    await screen.findByText('Showing 1 to 3 of 3 results');
    expect(pageCalls(server)).toEqual(['/api/properties?page=1&pageSize=10']);
  });

  it('orders by any other choice of the list, which the headers show', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(many(25)) });
    const { router } = renderApp('/properties');
    await screen.findByText('Showing 1 to 10 of 25 results');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');

    await waitFor(() => {
      expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&sort=-price');
    });
    expect(router.state.location.search).toBe('?sort=-price');
    expect(within(table()).getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
  });
});

describe('deleting a property', () => {
  it("asks in 'Confirm Delete', removes the row at once, sends If-Match and toasts on success", async () => {
    let stored = many(3);
    let answerDelete: (response: Response) => void = () => undefined;
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, { totalProperties: stored.length, activeListings: stored.length, pendingRequests: 0 }),
      'GET /api/properties?*': (init, url) => listingServer(stored)(init, url),
      'DELETE /api/properties/2': () =>
        new Promise<Response>((resolve) => {
          answerDelete = resolve;
        }),
    });
    renderApp('/properties');
    await screen.findByText('Villa 2');

    await userEvent.click(within(rowOf('Villa 2')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete this item? This action cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => {
      expect(within(table()).queryByText('Villa 2')).toBeNull();
    });
    expect(screen.getByText('Showing 1 to 2 of 2 results')).toBeInTheDocument();
    const [, init] = server.calls('DELETE /api/properties/2')[0] ?? [];
    expect(new Headers(init?.headers).get('If-Match')).toBe('"1"');

    stored = stored.filter((property) => property.id !== 2);
    answerDelete(new Response(null, { status: 204 }));
    expect(await screen.findByText('Property deleted successfully')).toBeInTheDocument();
    await waitFor(() => {
      expect(server.calls('GET /api/stats').length).toBeGreaterThanOrEqual(2);
    });
  });

  it("puts the row back and toasts 'Failed to delete property' when the server refuses", async () => {
    let answerDelete: (response: Response) => void = () => undefined;
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer(many(3)),
      'DELETE /api/properties/2': () =>
        new Promise<Response>((resolve) => {
          answerDelete = resolve;
        }),
    });
    renderApp('/properties');
    await screen.findByText('Villa 2');
    const before = bodyRows().map((row) => row.textContent);

    await userEvent.click(within(rowOf('Villa 2')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(within(table()).queryByText('Villa 2')).toBeNull();
    });

    answerDelete(json(500, { message: 'Database unavailable' }));

    expect(await screen.findByText('Failed to delete property')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(bodyRows().map((row) => row.textContent)).toEqual(before);
    expect(screen.getByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    // A refusal other than 412 does not read the list again.
    expect(pageCalls(server)).toHaveLength(1);
  });
});

describe('duplicating a property', () => {
  it('posts the rules’ copy, then gives it the original’s features, and toasts', async () => {
    const original = testProperty(7, { images: ['/media/a.jpg'], isFeatured: true, bedroom: 3 });
    let stored = [original];
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': (init, url) => listingServer(stored)(init, url),
      'GET /api/properties/7/features': answer(200, [{ id: 3 }, { id: 5 }]),
      'POST /api/properties': (init) => {
        const copy = testProperty(8, { ...(sentBody(init) as Partial<Property>), createdAt: '2025-02-01T00:00:00Z' });
        stored = [...stored, copy];
        return json(201, copy);
      },
      'POST /api/properties/8/features': answer(200, [{ id: 3 }, { id: 5 }]),
    });
    renderApp('/properties');
    await screen.findByText('Villa 7');

    await userEvent.click(within(rowOf('Villa 7')).getByRole('button', { name: 'Duplicate' }));

    expect(await screen.findByText('Property duplicated successfully')).toBeInTheDocument();
    const sent = sentBody(server.calls('POST /api/properties')[0]?.[1]) as Record<string, unknown>;
    expect(sent).toMatchObject({
      propertyNumber: null,
      titleEn: `Villa 7${constants().copySuffixEn}`,
      titleAr: `فيلا 7${constants().copySuffixAr}`,
      images: ['/media/a.jpg'],
      isFeatured: true,
      bedroom: 3,
      price: 250000,
    });
    for (const absent of ['id', 'version', 'createdAt', 'updatedAt', 'categoryName']) expect(sent).not.toHaveProperty(absent);
    expect(sentBody(server.calls('POST /api/properties/8/features')[0]?.[1])).toEqual({ featureIds: [3, 5] });
    expect(await within(table()).findByText('Villa 7 (Copy)')).toBeInTheDocument();
  });

  it('copies a listing made with the quick form through the quick form', async () => {
    const original = testProperty(9, { countryId: null, cityId: null, buildingTypeNew: null, bedrooms: 4, hasGarden: true });
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer([original]),
      'GET /api/properties/9/features': answer(200, []),
      'POST /api/properties?form=quick': (init) => json(201, testProperty(10, sentBody(init) as Partial<Property>)),
    });
    renderApp('/properties');
    await screen.findByText('Villa 9');

    await userEvent.click(within(rowOf('Villa 9')).getByRole('button', { name: 'Duplicate' }));

    expect(await screen.findByText('Property duplicated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/properties?form=quick')[0]?.[1])).toMatchObject({
      propertyNumber: null,
      titleEn: 'Villa 9 (Copy)',
      bedrooms: 4,
      hasGarden: true,
    });
    expect(server.calls('POST /api/properties')).toHaveLength(0);
  });

  it("toasts 'Failed to duplicate property' when the copy is refused", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer([testProperty(7)]),
      'GET /api/properties/7/features': answer(200, []),
      'POST /api/properties': answer(409, { message: 'Category not found', errors: { categoryId: 'Category not found' } }),
    });
    renderApp('/properties');
    await screen.findByText('Villa 7');

    await userEvent.click(within(rowOf('Villa 7')).getByRole('button', { name: 'Duplicate' }));

    expect(await screen.findByText('Failed to duplicate property')).toBeInTheDocument();
    expect(screen.getByText('Category not found')).toBeInTheDocument();
  });

  it("warns when the copy exists but its features could not be given to it", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer([testProperty(7)]),
      'GET /api/properties/7/features': answer(200, [{ id: 3 }]),
      'POST /api/properties': () => json(201, testProperty(8)),
      'POST /api/properties/8/features': answer(500, { message: 'Database unavailable' }),
    });
    renderApp('/properties');
    await screen.findByText('Villa 7');

    await userEvent.click(within(rowOf('Villa 7')).getByRole('button', { name: 'Duplicate' }));

    expect(await screen.findByText('Warning')).toBeInTheDocument();
    expect(screen.getByText('Property saved but features could not be updated')).toBeInTheDocument();
  });
});

describe('the add and edit dialog', () => {
  it("is titled with the add label and 'Add a new property to your listings'", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer([testProperty(1)]) });
    renderApp('/properties');

    await userEvent.click(await screen.findByRole('button', { name: 'Add Property' }));

    expect(screen.getByRole('dialog', { name: 'Add Property' })).toHaveAccessibleDescription(
      'Add a new property to your listings',
    );
  });

  it("is titled 'Edit Property' with 'Update property information and settings' for a row", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer([testProperty(1)]) });
    renderApp('/properties');
    await screen.findByText('Villa 1');

    await userEvent.click(within(rowOf('Villa 1')).getByRole('button', { name: 'Edit' }));

    expect(screen.getByRole('dialog', { name: 'Edit Property' })).toHaveAccessibleDescription(
      'Update property information and settings',
    );
  });
});

describe('the lifecycle of listings (issue 39)', () => {
  it('badges rented and archived listings, sales and rentals, and listings outside their publishing window', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer([
        testProperty(1, { titleEn: 'Marina Flat', status: 'rented', offeringType: 'rent', rentFrequency: 'monthly' }),
        testProperty(2, { titleEn: 'Future Villa', status: 'archived', publishAt: '2099-01-01T00:00:00Z' }),
        testProperty(3, { titleEn: 'Old Offer', unpublishAt: '2020-01-01T00:00:00Z' }),
        testProperty(4, {
          titleEn: 'Live Loft',
          publishAt: '2020-01-01T00:00:00Z',
          unpublishAt: '2099-01-01T00:00:00Z',
          offeringType: 'rent',
          rentFrequency: 'yearly',
        }),
      ]),
    });
    renderApp('/properties');
    await screen.findByText('Marina Flat');

    for (const header of ['Offering', 'Quality']) {
      expect(within(table()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const flat = rowOf('Marina Flat');
    expect(within(flat).getByText('Rented')).toHaveClass('border-border');
    expect(within(flat).getByText('For rent · monthly')).toBeInTheDocument();
    expect(within(rowOf('Live Loft')).getByText('For rent · yearly')).toBeInTheDocument();

    const villa = rowOf('Future Villa');
    expect(within(villa).getByText('Archived')).toHaveClass('border-dashed');
    expect(within(villa).getByText('For sale')).toBeInTheDocument();
    expect(within(villa).getByText('Scheduled')).toHaveAttribute('title', expect.stringMatching(/^On the public site from /));
    expect(within(villa).queryByText('Ended')).toBeNull();

    const old = rowOf('Old Offer');
    expect(within(old).getByText('Ended')).toHaveAttribute('title', expect.stringMatching(/^Off the public site since /));
    expect(within(old).queryByText('Scheduled')).toBeNull();

    const live = rowOf('Live Loft');
    expect(within(live).queryByText('Scheduled')).toBeNull();
    expect(within(live).queryByText('Ended')).toBeNull();
  });

  it('shows each listing’s quality score coloured by its band: good from 80, fair from 50, else poor', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer([
        testProperty(1, { titleEn: 'Best', quality: 80 }),
        testProperty(2, { titleEn: 'Middling', quality: 79 }),
        testProperty(3, { titleEn: 'Middling Too', quality: 50 }),
        testProperty(4, { titleEn: 'Weak', quality: 49 }),
      ]),
    });
    renderApp('/properties');
    await screen.findByText('Best');

    const score = (title: string, figure: string) => within(rowOf(title)).getByText(figure);
    expect(score('Best', '80')).toHaveClass('bg-emerald-100');
    expect(score('Best', '80')).toHaveTextContent('80 (Good)');
    expect(score('Middling', '79')).toHaveClass('bg-amber-100');
    expect(score('Middling Too', '50')).toHaveTextContent('50 (Fair)');
    expect(score('Weak', '49')).toHaveClass('bg-red-100');
    expect(score('Weak', '49')).toHaveTextContent('49 (Poor)');
  });

  it('orders by quality on the server, from its header and from Sort by', async () => {
    const listings = many(12).map((property) => ({ ...property, quality: property.id * 7 }));
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(listings) });
    const { router } = renderApp('/properties?page=2');
    await screen.findByText('Showing 11 to 12 of 12 results');

    await userEvent.click(within(table()).getByRole('button', { name: 'Quality' }));
    await waitFor(() => {
      expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&sort=quality');
    });
    expect(router.state.location.search).toBe('?sort=quality');
    expect(within(table()).getByRole('columnheader', { name: 'Quality' })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Quality: best first');
    await waitFor(() => {
      expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&sort=-quality');
    });
    // Listing N scores 7 × N: listing 12's 84 leads.
    await waitFor(() => {
      expect(within(bodyRows()[0] as HTMLElement).getByText('Villa 12')).toBeInTheDocument();
    });
    expect(within(table()).getByRole('columnheader', { name: 'Quality' })).toHaveAttribute('aria-sort', 'descending');
  });
});

/** Two sales (one sold), two rentals (one let), one archived sale. */
function offers(): Property[] {
  return [
    testProperty(1, { titleEn: 'Sale One' }),
    testProperty(2, { titleEn: 'Sale Sold', status: 'sold' }),
    testProperty(3, { titleEn: 'Rent One', offeringType: 'rent', rentFrequency: 'yearly' }),
    testProperty(4, { titleEn: 'Rent Let', offeringType: 'rent', rentFrequency: 'monthly', status: 'rented' }),
    testProperty(5, { titleEn: 'Sale Kept', status: 'archived' }),
  ];
}

describe('filtering by status and offering', () => {
  it('offers every status, rented and archived too, and sends the one chosen, kept in the address', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(offers()) });
    const { router } = renderApp('/properties');
    await screen.findByText('Showing 1 to 5 of 5 results');

    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any status',
      'Active',
      'Pending',
      'Sold',
      'Rented',
      'Archived',
    ]);
    await userEvent.selectOptions(status, 'Archived');

    expect(await screen.findByText('Showing 1 to 1 of 1 results')).toBeInTheDocument();
    expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&status=archived');
    expect(addressOf(router).get('status')).toBe('archived');
    expect(within(table()).getByText('Sale Kept')).toBeInTheDocument();
  });

  it('sends sales or rentals as chosen, kept in the address, and Clear filters takes it off', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(offers()) });
    const { router } = renderApp('/properties?status=rented');
    await screen.findByText('Showing 1 to 1 of 1 results');

    const offering = screen.getByRole('combobox', { name: 'Offering' });
    expect(within(offering).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Sale or rent',
      'For sale',
      'For rent',
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Any status');
    await userEvent.selectOptions(offering, 'For rent');

    expect(await screen.findByText('Showing 1 to 2 of 2 results')).toBeInTheDocument();
    expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&offeringType=rent');
    expect(router.state.location.search).toBe('?offeringType=rent');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Showing 1 to 5 of 5 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('asks for no status or offering the rules do not know, which a hand-edited address names', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer(offers()) });
    renderApp('/properties?status=let&offeringType=lease&bedrooms=0');

    await screen.findByText('Showing 1 to 5 of 5 results');
    expect(pageCalls(server)).toEqual(['/api/properties?page=1&pageSize=10']);
  });
});

describe('bulk changes of the lifecycle', () => {
  const outcome = (changed: number, skipped: { id: number; reason: string; message: string }[] = []) =>
    json(200, { changed, skipped });

  it("archives every matching listing: the bulk filter carries the status and offering filters", async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer([...offers(), ...many(12).map((p) => ({ ...p, id: p.id + 10, offeringType: 'rent' as const }))]),
      'POST /api/properties/bulk': () => outcome(13),
    });
    renderApp('/properties?offeringType=rent&status=active');
    await screen.findByText('Showing 1 to 10 of 13 results');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 13 matching' }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Updated 13 listings')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/properties/bulk')[0]?.[1])).toEqual({
      filter: { status: 'active', offeringType: 'rent' },
      action: 'setStatus',
      value: 'archived',
    });
  });

  it('sets the offering type of the selected listings and reports those the rules would not allow', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer(offers()),
      'POST /api/properties/bulk': () =>
        outcome(1, [{ id: 2, reason: 'notAllowed', message: 'A sold listing cannot be offered for rent' }]),
    });
    renderApp('/properties');
    await screen.findByText('Sale Sold');

    await userEvent.click(within(rowOf('Sale One')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('Sale Sold')).getByRole('checkbox'));
    const offering = screen.getByRole('combobox', { name: 'Set offering type' });
    expect(within(offering).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Sale or rent…',
      'For sale',
      'For rent',
    ]);
    await userEvent.selectOptions(offering, 'For rent');
    await userEvent.click(screen.getByRole('button', { name: 'Set offering type: Apply' }));

    expect(await screen.findByText('Updated 1 listing; 1 skipped')).toBeInTheDocument();
    expect(screen.getByText('A sold listing cannot be offered for rent (1)')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/properties/bulk')[0]?.[1])).toEqual({
      ids: [1, 2],
      versions: { '1': 1, '2': 1 },
      action: 'setOfferingType',
      value: 'rent',
    });
  });

  it('sets the new statuses, rented among them', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer(offers()),
      'POST /api/properties/bulk': () => outcome(1),
    });
    renderApp('/properties');
    await screen.findByText('Rent One');

    await userEvent.click(within(rowOf('Rent One')).getByRole('checkbox'));
    const status = screen.getByRole('combobox', { name: 'Set status' });
    expect(within(status).getByRole('option', { name: 'Rented' })).toBeInTheDocument();
    expect(within(status).getByRole('option', { name: 'Archived' })).toBeInTheDocument();
    await userEvent.selectOptions(status, 'Rented');
    await userEvent.click(screen.getByRole('button', { name: 'Set status: Apply' }));

    expect(await screen.findByText('Updated 1 listing')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/properties/bulk')[0]?.[1])).toMatchObject({ ids: [3], action: 'setStatus', value: 'rented' });
  });
});

describe('the lifecycle in Arabic', () => {
  afterEach(async () => {
    await setInterfaceLanguage('en');
    localStorage.clear();
  });

  it('names statuses, offerings, windows and bands in Arabic, right to left', async () => {
    mockServer({
      'GET /api/user': () => json(200, { ...admin, language: 'ar' }),
      'GET /api/properties?*': listingServer([
        testProperty(1, { status: 'rented', offeringType: 'rent', rentFrequency: 'monthly', quality: 90 }),
        testProperty(2, { status: 'archived', publishAt: '2099-01-01T00:00:00Z', quality: 10 }),
      ]),
    });
    renderApp('/properties');

    const list = await screen.findByRole('table', { name: ar.title });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const [rented, archived] = within(list).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(rented).getByText(arabicTerms.propertyStatuses.rented)).toBeInTheDocument();
    expect(within(rented).getByText(`${ar.offering.rent} · ${ar.offering.periods.monthly}`)).toBeInTheDocument();
    expect(within(rented).getByText('90')).toHaveTextContent(`(${ar.quality.good})`);
    expect(within(archived).getByText(arabicTerms.propertyStatuses.archived)).toBeInTheDocument();
    expect(within(archived).getByText(ar.publishing.scheduled)).toBeInTheDocument();
    expect(within(archived).getByText(ar.offering.sale)).toBeInTheDocument();
    expect(within(list).getByRole('columnheader', { name: ar.columns.quality })).toBeInTheDocument();
  });
});
