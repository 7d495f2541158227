import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, signedOut } from '@/test/server';
import { routes, SCREENS, type ScreenHandle, type ScreenName } from './routes';

const signedIn = () => json(200, { id: 1, username: 'admin', role: 'admin', email: null, fullName: null, isActive: true });

function screenAt(path: string): ScreenName | undefined {
  const leaf = matchRoutes(routes, path)?.at(-1);
  return (leaf?.route.handle as ScreenHandle | undefined)?.screen;
}

describe('route table', () => {
  it.each([
    ['/', 'dashboard'],
    ['/admin', 'dashboard'],
    ['/properties', 'properties'],
    ['/admin/properties', 'properties'],
    ['/add-property', 'addProperty'],
    ['/properties/new', 'addProperty'],
    ['/properties/import', 'importProperties'],
    ['/admin/properties/import/7', 'importProperties'],
    ['/categories', 'categories'],
    ['/admin/types', 'types'],
    ['/contacts', 'contacts'],
    ['/contact-requests', 'contacts'],
    ['/admin/settings', 'settings'],
    ['/admin/team', 'team'],
    ['/users', 'users'],
    ['/admin/trash', 'trash'],
    ['/portals', 'portals'],
    ['/admin/portals', 'portals'],
    ['/admin/management', 'management'],
    ['/services', 'services'],
    ['/services/process', 'services'],
    ['/admin/services/testimonials', 'services'],
    ['/services/services/new', 'serviceForm'],
    ['/admin/services/process/4/edit', 'serviceForm'],
    ['/features', 'features'],
    ['/features-management', 'features'],
    ['/admin/features', 'features'],
    ['/admin/features-management', 'features'],
    ['/admin/hero-images', 'heroImages'],
    ['/about-management', 'aboutManagement'],
    ['/admin/about-management', 'aboutManagement'],
    ['/company-values', 'companyValues'],
    ['/admin/company-values-management', 'companyValues'],
    ['/auth', 'signIn'],
  ] as const)('resolves %s to %s', (path, screenName) => {
    expect(screenAt(path)).toBe(screenName);
  });

  it.each(['/nowhere', '/hero-images', '/admin/nowhere', '/properties/12/extra', '/admin/auth'])(
    'resolves the unknown path %s to the 404 page',
    (path) => {
      expect(screenAt(path)).toBe('notFound');
    },
  );

  it('declares each path once', () => {
    const paths = SCREENS.flatMap((entry) => entry.paths);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('shows the 404 page with its hint at an unknown path, signed in or not', async () => {
    mockServer({ 'GET /api/user': signedOut });
    renderApp('/nowhere');

    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('shows the 404 page inside the shell for a services section that does not exist', async () => {
    mockServer({ 'GET /api/user': signedIn });
    renderApp('/admin/services/nowhere');

    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a protected route to the sign-in screen', async () => {
    mockServer({ 'GET /api/user': signedOut });
    const { router } = renderApp('/properties');

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a signed-in user who opens /auth to the dashboard', async () => {
    mockServer({ 'GET /api/user': signedIn });
    const { router } = renderApp('/auth');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a spinner while the user loads', async () => {
    mockServer({ 'GET /api/user': () => new Promise<Response>(() => undefined) });

    const { router } = renderApp('/');

    // The route table's own spinner shows first, then the guard's: either reads 'Loading...'.
    await waitFor(() => {
      expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
