import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testProperty } from '@/features/properties/test-property';
import { renderApp } from '@/test/render';
import { json, mockServer, signedIn } from '@/test/server';
import { statsQueryOptions, type PropertyStats } from './api/get-stats';

const stats: PropertyStats = {
  totalProperties: 1234,
  activeListings: 1200,
  pendingListings: 10,
  soldListings: 4,
  rentedListings: 12,
  archivedListings: 8,
  permitsExpiring: 3,
  heldBackByPermit: 5,
  qualityShare: 0.724,
  pendingRequests: 0,
  portals: [
    { portal: 'propertyFinder', chosen: 40, ready: 37, blocked: 3 },
    { portal: 'bayut', chosen: 1250, ready: 1250, blocked: 0 },
    { portal: 'dubizzle', chosen: 12, ready: 5, blocked: 7 },
  ],
};

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
            testProperty(30, {
              propertyNumber: null,
              titleEn: 'Quick Villa',
              locationEn: '',
              continent: 'North America',
              status: 'pending',
            }),
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

  it('shows the pending requests beside Contact Requests', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, { ...stats, pendingRequests: 7 }),
      [RECENT]: () => json(200, []),
    });
    renderApp('/categories');

    const link = await within(await screen.findByRole('navigation', { name: 'Main navigation' })).findByRole('link', {
      name: /Contact Requests/,
    });
    expect(await within(link).findByText('7')).toBeInTheDocument();
  });

  it('reports the real system status: database, its latency, version and uptime', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, stats),
      [RECENT]: () => json(200, []),
      'GET /api/system-status': () =>
        json(200, {
          databaseOk: true,
          databaseLatencyMs: 1.25,
          databaseKind: 'SQLite',
          version: '0.1.0',
          startedAt: '2025-01-01T00:00:00Z',
          uptimeSecs: 3 * 3600 + 5 * 60,
        }),
    });
    renderApp('/');

    const card = (await screen.findByRole('heading', { name: 'System Status' })).closest('.rounded-xl') as HTMLElement;
    expect(await within(card).findByText('SQLite, answered in 1.25 ms')).toBeInTheDocument();
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText('Version 0.1.0, up 3 h 5 min')).toBeInTheDocument();
  });

  it('says when the server cannot be reached instead of showing a static status', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, stats),
      [RECENT]: () => json(200, []),
      'GET /api/system-status': () => json(503, { message: 'The database does not answer' }),
    });
    renderApp('/');

    const card = (await screen.findByRole('heading', { name: 'System Status' })).closest('.rounded-xl') as HTMLElement;
    expect(await within(card).findByText('Unreachable')).toBeInTheDocument();
    expect(within(card).queryByText('Connected')).not.toBeInTheDocument();
  });

  it('lists recent activity from the history: who did what to which record, linked to it', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, stats),
      [RECENT]: () => json(200, []),
      'GET /api/history/recent': () =>
        json(200, [
          {
            id: 9,
            at: '2025-01-02T10:00:00Z',
            username: 'sara',
            entity: 'property',
            recordId: 12,
            action: 'update',
            label: 'Sea view villa',
            fields: ['price'],
          },
          {
            id: 8,
            at: '2025-01-02T09:00:00Z',
            username: 'admin',
            entity: 'category',
            recordId: 3,
            action: 'delete',
            label: 'Land',
            fields: ['nameEn'],
          },
        ]),
    });
    renderApp('/');

    const card = (await screen.findByRole('heading', { name: 'Recent Activity' })).closest('.rounded-xl') as HTMLElement;
    expect(await within(card).findByRole('link', { name: 'sara updated property “Sea view villa”' })).toHaveAttribute(
      'href',
      '/properties?edit=12',
    );
    expect(within(card).getByRole('link', { name: 'admin deleted category “Land”' })).toHaveAttribute('href', '/categories');
  });

  it('says there is no activity yet rather than showing samples', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, stats),
      [RECENT]: () => json(200, []),
      'GET /api/history/recent': () => json(200, []),
    });
    renderApp('/');

    const card = (await screen.findByRole('heading', { name: 'Recent Activity' })).closest('.rounded-xl') as HTMLElement;
    expect(await within(card).findByText(/No changes yet/)).toBeInTheDocument();
  });

  it('shows the speed to lead: the median, the shares answered in time and each user', async () => {
    const days = Array.from({ length: 30 }, (_, index) => ({
      date: `2026-11-${String(index + 1).padStart(2, '0')}`,
      inTime: index === 29 ? 2 : 0,
      late: index === 29 ? 1 : 0,
      unanswered: index === 29 ? 1 : 0,
    }));
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, stats),
      [RECENT]: () => json(200, []),
      'GET /api/contact-requests/response-times?*': () =>
        json(200, {
          received: 4,
          answered: 3,
          medianMinutes: 30,
          withinFiveMinutes: 0.25,
          withinAnHour: 0.5,
          users: [{ userId: 2, name: 'Noor', received: 2, answered: 2, medianMinutes: 105 }],
          days,
        }),
    });
    renderApp('/');

    const card = (await screen.findByRole('heading', { name: 'Speed to lead (last 30 days)' })).closest(
      '.rounded-xl',
    ) as HTMLElement;
    const figures = within(card).getByTestId('speed-figures');
    expect(within(figures).getByText('Median first response').nextSibling).toHaveTextContent('30 min');
    expect(within(figures).getByText('Answered within 5 minutes').nextSibling).toHaveTextContent('25%');
    expect(within(figures).getByText('Answered within an hour').nextSibling).toHaveTextContent('50%');
    const noor = within(card).getByRole('row', { name: /Noor/ });
    expect(noor).toHaveTextContent('Noor2105 min');
    expect(
      server.calls('GET /api/contact-requests/response-times?offset=' + String(-new Date().getTimezoneOffset())).length,
    ).toBe(1);

    const chart = await screen.findByRole('heading', { name: 'Inquiries per day by answer (last 30 days)' });
    await userEvent.click(within(chart.closest('.rounded-xl') as HTMLElement).getByRole('button', { name: 'Show as table' }));
    const table = within(chart.closest('.rounded-xl') as HTMLElement).getByRole('table');
    expect(within(table).getByRole('row', { name: /11-30/ })).toHaveTextContent('11-30211');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Day', 'Answered in time', 'Answered late', 'Not answered']);
  });
});

describe('the listings’ lifecycle and advertising (issue 39)', () => {
  function figureCard(label: string) {
    return screen.getByText(label).closest('.rounded-xl') as HTMLElement;
  }

  it('shows the rented and archived counts, permits expiring, listings held back and the good-quality share', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/stats': () => json(200, stats), [RECENT]: () => json(200, []) });
    renderApp('/');

    const section = await screen.findByRole('region', { name: 'Listings and advertising' });
    for (const [label, figure] of [
      ['Rented', '12'],
      ['Archived', '8'],
      ['Permits expiring in 14 days', '3'],
      ['Listings held back by a permit', '5'],
      ['Listings of good quality', '72%'],
    ] as const) {
      expect(await within(within(section).getByText(label).closest('.rounded-xl') as HTMLElement).findByText(figure)).toBeInTheDocument();
    }
    expect(within(section).getByText('Share of active listings scoring 80 or more')).toBeInTheDocument();
  });

  it('links the figures the list can show to it, filtered so', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, stats),
      [RECENT]: () => json(200, []),
      'GET /api/properties?*': () => json(200, [], { 'X-Total-Count': '0' }),
    });
    const { router } = renderApp('/');
    await screen.findByRole('region', { name: 'Listings and advertising' });

    expect(within(figureCard('Archived')).getByRole('link', { name: 'Show archived listings' })).toHaveAttribute(
      'href',
      '/properties?status=archived',
    );
    expect(within(figureCard('Listings of good quality')).getByRole('link', { name: 'Show active listings, weakest first' })).toHaveAttribute(
      'href',
      '/properties?status=active&sort=quality',
    );
    expect(within(figureCard('Permits expiring in 14 days')).queryByRole('link')).toBeNull();
    expect(within(figureCard('Listings held back by a permit')).queryByRole('link')).toBeNull();

    await userEvent.click(within(figureCard('Rented')).getByRole('link', { name: 'Show rented listings' }));
    expect(await screen.findByRole('heading', { name: 'Properties' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=rented');
    await waitFor(() => {
      expect(server.calls('GET /api/properties?page=1&pageSize=10&status=rented')).toHaveLength(1);
    });
  });

  it('says the quality share is not known yet while the server has none', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, { ...stats, qualityShare: null }),
      [RECENT]: () => json(200, []),
    });
    renderApp('/');

    await screen.findByRole('region', { name: 'Listings and advertising' });
    expect(await within(figureCard('Listings of good quality')).findByText('Not known yet')).toHaveClass('sr-only');
  });

  it('counts rented and archived listings in the chart of listings by status', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/stats': () => json(200, stats),
      [RECENT]: () => json(200, []),
      'GET /api/contact-requests/daily?*': () => json(200, []),
    });
    renderApp('/');

    const chart = (await screen.findByRole('heading', { name: 'Listings by status' })).closest('.rounded-xl') as HTMLElement;
    await userEvent.click(within(chart).getByRole('button', { name: 'Show as table' }));
    const rows = within(within(chart).getByRole('table')).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['StatusListings', 'Active1200', 'Pending10', 'Sold4', 'Rented12', 'Archived8']);
  });
});
