import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testProperty } from '@/features/properties/test-property';
import { renderApp } from '@/test/render';
import { json, mockServer, signedIn } from '@/test/server';
import { statsQueryOptions } from './api/get-stats';

const stats = { totalProperties: 1234, activeListings: 1200, pendingRequests: 0 };

const RECENT = 'GET /api/properties?page=1&pageSize=3&sort=-createdAt';

function recentCard() {
  return screen.getByRole('heading', { name: 'Recent Properties' }).closest('.rounded-xl') as HTMLElement;
}

describe('dashboard', () => {
  it('shows the three figures of the stats call', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/stats': () => json(200, stats), [RECENT]: () => json(200, []) });
    renderApp('/');

    for (const [label, figure] of [
      ['Total Properties', '1,234'],
      ['Active Listings', '1,200'],
      ['Pending Requests', '0'],
    ] as const) {
      const card = (await screen.findByText(label)).closest('.rounded-xl') as HTMLElement;
      expect(await within(card).findByText(figure)).toBeInTheDocument();
    }
  });

  it('reads the figures again every 30 seconds', () => {
    expect(statsQueryOptions().refetchInterval).toBe(30_000);
  });

  it("lists the 3 newest properties with number badge, title, location or continent, status and '$' price", async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, stats),
      [RECENT]: () =>
        json(
          200,
          [
            testProperty(31, { propertyNumber: '#A-17', titleEn: 'Marina Loft', price: 1500000, currency: 'AED' }),
            testProperty(30, { propertyNumber: null, titleEn: 'Quick Villa', locationEn: '', continent: 'north-america', status: 'pending' }),
            testProperty(29, { propertyNumber: '', titleEn: 'Old Farm', status: 'sold' }),
          ],
          { 'X-Total-Count': '40' },
        ),
    });
    renderApp('/admin');

    const card = await screen.findByRole('heading', { name: 'Recent Properties' }).then(() => recentCard());
    const items = await within(card).findAllByRole('listitem');
    expect(server.calls(RECENT)).toHaveLength(1);
    expect(items).toHaveLength(3);

    const [loft, villa, farm] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(loft).getByText('A-17')).toBeInTheDocument();
    expect(within(loft).getByText('Marina Loft')).toBeInTheDocument();
    expect(within(loft).getByText('Abdoun, Amman, Jordan')).toBeInTheDocument();
    expect(within(loft).getByText('Active')).toBeInTheDocument();
    expect(within(loft).getByText('$1,500,000 AED')).toBeInTheDocument();

    expect(within(villa).getByText('2')).toBeInTheDocument();
    expect(within(villa).getByText('North America')).toBeInTheDocument();
    expect(within(villa).getByText('Pending')).toBeInTheDocument();

    expect(within(farm).getByText('3')).toBeInTheDocument();
    expect(within(farm).getByText('Sold')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('link', { name: 'View All' }));
    expect(await screen.findByRole('heading', { name: 'Properties' })).toBeInTheDocument();
  });

  it('says there are no properties yet rather than inventing any', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/stats': () => json(200, stats), [RECENT]: () => json(200, []) });
    renderApp('/');

    expect(await screen.findByText('No properties yet')).toBeInTheDocument();
  });
});

describe('side bar badge', () => {
  const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });

  it('shows the total of properties beside Properties', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/stats': () => json(200, stats), [RECENT]: () => json(200, []) });
    renderApp('/categories');

    const link = await within(await screen.findByRole('navigation', { name: 'Main navigation' })).findByRole('link', {
      name: /Properties/,
    });
    expect(await within(link).findByText('1234')).toBeInTheDocument();
  });

  it('shows no badge while there are none', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, { ...stats, totalProperties: 0 }),
      [RECENT]: () => json(200, []),
    });
    renderApp('/');

    await screen.findByText('No properties yet');
    expect(server.calls('GET /api/stats').length).toBeGreaterThan(0);
    expect(within(navigation()).getByRole('link', { name: 'Properties' })).toHaveTextContent(/^Properties$/);
  });
});
