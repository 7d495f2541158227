import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setInterfaceLanguage } from '@/i18n';
import ar from '@/i18n/dashboard.ar.json';
import { renderApp } from '@/test/render';
import { admin, json, mockServer, signedIn } from '@/test/server';
import type { PropertyStats } from './api/get-stats';

const stats: PropertyStats = {
  totalProperties: 60,
  activeListings: 50,
  pendingListings: 10,
  soldListings: 0,
  rentedListings: 0,
  archivedListings: 0,
  permitsExpiring: 0,
  heldBackByPermit: 0,
  qualityShare: null,
  pendingRequests: 0,
  portals: [
    { portal: 'propertyFinder', chosen: 40, ready: 37, blocked: 3 },
    { portal: 'bayut', chosen: 1250, ready: 1250, blocked: 0 },
    { portal: 'dubizzle', chosen: 12, ready: 5, blocked: 7 },
  ],
};

const handlers = (user = signedIn) => ({
  'GET /api/user': user,
  'GET /api/stats': () => json(200, stats),
  'GET /api/properties?page=1&pageSize=3&sort=-createdAt': () => json(200, []),
  'GET /api/properties?*': () => json(200, [], { 'X-Total-Count': '0' }),
});

function rowOf(portal: string) {
  return within(screen.getByRole('table', { name: 'Portals' })).getByText(portal).closest('tr') as HTMLElement;
}

describe('the portals card of the dashboard (issue 41)', () => {
  it('counts, per portal, the listings published to it, ready and blocked', async () => {
    mockServer(handlers());
    renderApp('/');

    await screen.findByRole('table', { name: 'Portals' });
    expect(rowOf('Property Finder')).toHaveTextContent('Property Finder40373');
    expect(rowOf('Bayut')).toHaveTextContent('Bayut1,2501,2500');
    expect(rowOf('dubizzle')).toHaveTextContent('dubizzle1257');
  });

  it('links each blocked count to the listings blocked on that portal', async () => {
    mockServer(handlers());
    const { router } = renderApp('/');
    await screen.findByRole('table', { name: 'Portals' });

    const link = within(rowOf('dubizzle')).getByRole('link', { name: '7: show the listings blocked on dubizzle' });
    expect(link).toHaveAttribute('href', '/properties?blockedFor=dubizzle');
    expect(within(rowOf('Property Finder')).getByRole('link')).toHaveAttribute('href', '/properties?blockedFor=propertyFinder');
    await userEvent.click(link);

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/properties');
    });
    expect(router.state.location.search).toBe('?blockedFor=dubizzle');
  });

  describe('in Arabic', () => {
    afterEach(async () => {
      await setInterfaceLanguage('en');
      localStorage.clear();
    });

    it('names the card and the portals in Arabic, right to left', async () => {
      mockServer(handlers(() => json(200, { ...admin, language: 'ar' })));
      renderApp('/');

      const table = await screen.findByRole('table', { name: ar.portals.title });
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(within(table).getByRole('columnheader', { name: ar.portals.blocked })).toBeInTheDocument();
      expect(within(table).getByText('بيوت')).toBeInTheDocument();
    });
  });
});
