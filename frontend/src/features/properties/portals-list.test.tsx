import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Property } from '@/generated/types';
import { setInterfaceLanguage } from '@/i18n';
import ar from '@/i18n/properties.ar.json';
import { renderApp } from '@/test/render';
import { admin, json, mockServer, sentBody, signedIn, withQuery } from '@/test/server';
import { testProperty } from './test-property';

const listings: Property[] = [
  testProperty(1, { titleEn: 'Marina Flat', publishTo: ['website', 'propertyFinder', 'bayut'], blockedFor: ['bayut'] }),
  testProperty(2, { titleEn: 'Garden Villa', publishTo: ['website', 'dubizzle'], blockedFor: [] }),
  testProperty(3, { titleEn: 'Quiet Office', publishTo: [], blockedFor: [] }),
];

/** A server that narrows the listings by `publishTo` and `blockedFor` as the API does. */
const listingServer = withQuery((query) => {
  const publishTo = query.get('publishTo');
  const blockedFor = query.get('blockedFor');
  const found = listings.filter(
    (listing) =>
      (publishTo === null || (listing.publishTo as string[]).includes(publishTo)) &&
      (blockedFor === null || (listing.blockedFor as string[] | undefined)?.includes(blockedFor) === true),
  );
  return json(200, found, { 'X-Total-Count': String(found.length) });
});

function rowOf(title: string) {
  return within(screen.getByRole('table', { name: 'Properties' })).getByText(title).closest('tr') as HTMLElement;
}

const pageCalls = (server: ReturnType<typeof mockServer>) =>
  server.fetch.mock.calls
    .map(([input]) => (typeof input === 'string' ? input : ''))
    .filter((path) => path.startsWith('/api/properties?'));

describe('the portals in the properties list', () => {
  it('shows where each listing is published, a portal that would refuse it in red', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer });
    renderApp('/properties');
    await screen.findByText('Marina Flat');

    expect(screen.getByRole('columnheader', { name: 'Portals' })).toBeInTheDocument();
    const marina = rowOf('Marina Flat');
    expect(within(marina).getByText('Website')).toHaveClass('border-border');
    expect(within(marina).getByText('Property Finder')).toHaveClass('border-border');
    const blocked = within(marina).getByText('Blocked: Bayut');
    expect(blocked).toHaveClass('bg-destructive');
    expect(blocked).toHaveAttribute('title', 'Chosen for Bayut, which would refuse it as it is: open the listing to see why');
    expect(within(rowOf('Garden Villa')).getByText('dubizzle')).toHaveClass('border-border');
    expect(within(rowOf('Quiet Office')).getByText('Not published anywhere')).toHaveClass('sr-only');
  });

  it('narrows the list to the listings blocked on a portal, in the address and the query', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer });
    const { router } = renderApp('/properties');
    await screen.findByText('Showing 1 to 3 of 3 results');
    const blockedFor = screen.getByRole('combobox', { name: 'Blocked for' });
    expect(within(blockedFor).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No matter',
      'Property Finder',
      'Bayut',
      'dubizzle',
    ]);

    await userEvent.selectOptions(blockedFor, 'Bayut');

    expect(await screen.findByText('Showing 1 to 1 of 1 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?blockedFor=bayut');
    expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&blockedFor=bayut');
  });

  it('narrows the list to the listings published to a portal', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer });
    const { router } = renderApp('/properties');
    await screen.findByText('Showing 1 to 3 of 3 results');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Published to' }), 'dubizzle');

    await screen.findByText('Showing 1 to 1 of 1 results');
    expect(router.state.location.search).toBe('?publishTo=dubizzle');
    expect(pageCalls(server).at(-1)).toBe('/api/properties?page=1&pageSize=10&publishTo=dubizzle');
  });

  it('asks for no portal the rules do not know, which a hand-edited address names', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': listingServer });
    renderApp('/properties?publishTo=myspace&blockedFor=website');

    await screen.findByText('Showing 1 to 3 of 3 results');
    expect(pageCalls(server)).toEqual(['/api/properties?page=1&pageSize=10']);
  });
});

describe('bulk changes of the portals', () => {
  it('adds the selected listings to a portal', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer,
      'POST /api/properties/bulk': () => json(200, { changed: 2, skipped: [] }),
    });
    renderApp('/properties');
    await screen.findByText('Marina Flat');

    await userEvent.click(within(rowOf('Marina Flat')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('Quiet Office')).getByRole('checkbox'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Add to portal' }), 'Bayut');
    await userEvent.click(screen.getByRole('button', { name: 'Add to portal: Apply' }));

    expect(await screen.findByText('Updated 2 listings')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/properties/bulk')[0]?.[1])).toEqual({
      ids: [1, 3],
      versions: { '1': 1, '3': 1 },
      action: 'addPortal',
      value: 'bayut',
    });
  });

  it('takes the selected listings off a portal', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/properties?*': listingServer,
      'POST /api/properties/bulk': () => json(200, { changed: 1, skipped: [] }),
    });
    renderApp('/properties?blockedFor=bayut');
    await screen.findByText('Showing 1 to 1 of 1 results');

    await userEvent.click(within(rowOf('Marina Flat')).getByRole('checkbox'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Remove from portal' }), 'Bayut');
    await userEvent.click(screen.getByRole('button', { name: 'Remove from portal: Apply' }));

    expect(await screen.findByText('Updated 1 listing')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/properties/bulk')[0]?.[1])).toMatchObject({
      ids: [1],
      action: 'removePortal',
      value: 'bayut',
    });
  });
});

describe('the portals in Arabic', () => {
  afterEach(async () => {
    await setInterfaceLanguage('en');
    localStorage.clear();
  });

  it('names the portals and the blocked badge in Arabic, right to left', async () => {
    mockServer({ 'GET /api/user': () => json(200, { ...admin, language: 'ar' }), 'GET /api/properties?*': listingServer });
    renderApp('/properties');

    const list = await screen.findByRole('table', { name: ar.title });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(within(list).getByRole('columnheader', { name: ar.columns.portals })).toBeInTheDocument();
    const [marina] = within(list).getAllByRole('row').slice(1) as [HTMLElement];
    expect(within(marina).getByText('محجوب: بيوت')).toBeInTheDocument();
    expect(within(marina).getByText('بروبرتي فايندر')).toBeInTheDocument();
  });
});
