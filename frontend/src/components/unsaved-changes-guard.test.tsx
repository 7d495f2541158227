// The route guard and the other ways of leaving an inline form (its Cancel, another record,
// another tab, signing out), exercised on the feature card of Features Management.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { answer, mockServer, signedIn } from '@/test/server';

const pool = {
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

/** Editing the pool's name on /features, optionally reached from `from`. */
async function editingFeature(from?: string) {
  mockServer({
    'GET /api/user': signedIn,
    'GET /api/property-features': answer(200, [pool]),
    'GET /api/categories': answer(200, []),
    'POST /api/logout': answer(204),
  });
  const view = renderApp(from ?? '/features');
  if (from !== undefined) await view.router.navigate('/features');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  const card = screen.getByRole('form', { name: 'Edit Feature' });
  await userEvent.type(within(card).getByLabelText('Name (English)'), ' Deluxe');
  return { ...view, card };
}

function question() {
  return screen.queryByRole('alertdialog', { name: 'Discard unsaved changes?' });
}

function sideBarLink(name: string) {
  return within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name });
}

describe('leaving unsaved changes', () => {
  it('asks before the side bar leaves the screen; keeping stays with the text', async () => {
    const { router, card } = await editingFeature();

    await userEvent.click(sideBarLink('Categories'));

    expect(question()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/features');
    expect(within(card).getByLabelText('Name (English)')).toHaveValue('Private Pool Deluxe');
  });

  it('goes on once the person discards', async () => {
    const { router } = await editingFeature();

    await userEvent.click(sideBarLink('Categories'));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/categories');
    });
    expect(await screen.findByRole('heading', { name: 'Categories' })).toBeInTheDocument();
  });

  it('asks before going back in history', async () => {
    const { router } = await editingFeature('/categories');

    await router.navigate(-1);

    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/features');
  });

  it('lets the side bar leave at once when nothing is unsaved', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/property-features': answer(200, [pool]),
      'GET /api/categories': answer(200, []),
    });
    const { router } = renderApp('/features');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));

    await userEvent.click(sideBarLink('Categories'));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/categories');
    });
    expect(question()).toBeNull();
  });

  it("asks before the card's Cancel drops the edit", async () => {
    const { card } = await editingFeature();

    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(question()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));

    expect(screen.queryByRole('form')).toBeNull();
  });

  it('asks before another tab closes the card', async () => {
    const { card } = await editingFeature();

    await userEvent.click(screen.getByRole('tab', { name: 'Basic Amenities' }));
    expect(question()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));

    expect(screen.getByRole('tab', { name: 'Luxury Features' })).toHaveAttribute('aria-selected', 'true');
    expect(within(card).getByLabelText('Name (English)')).toHaveValue('Private Pool Deluxe');
  });

  it('asks before another record replaces the edit in the card', async () => {
    const { card } = await editingFeature();

    await userEvent.click(screen.getByRole('button', { name: 'Add Feature' }));
    expect(question()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));

    expect(screen.getByRole('form', { name: 'New Feature' })).toBeInTheDocument();
    expect(card).not.toBeInTheDocument();
  });

  it('asks before signing out', async () => {
    const { router } = await editingFeature();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(question()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(question()).toBeNull();
  });
});
