import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { admin, answer, json, mockServer, sentBody, signedIn, signedOut } from '@/test/server';

const residential = {
  id: 1,
  version: 1,
  nameEn: 'Residential',
  nameAr: 'سكني',
  descriptionEn: null,
  descriptionAr: null,
  imageUrl: null,
  createdAt: '2025-01-01T00:00:00Z',
};

const expired = () => json(401, { message: 'Sign in to continue' });

/** The categories screen of a session that expires once the list is shown. */
function expiringCategories() {
  let session: 'valid' | 'expired' = 'valid';
  const server = mockServer({
    'GET /api/user': signedIn,
    'GET /api/categories': () => (session === 'valid' ? json(200, [residential]) : expired()),
    'PUT /api/categories/1': (init) =>
      session === 'valid' ? json(200, { ...residential, ...(sentBody(init) as object), version: 2 }) : expired(),
    'POST /api/login': (init) => {
      const { password } = sentBody(init) as { password: string };
      if (password !== 'right') return json(401, { message: 'Invalid username or password' });
      session = 'valid';
      return json(200, admin);
    },
  });
  return {
    server,
    expire: () => {
      session = 'expired';
    },
  };
}

async function editResidential() {
  await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
  await userEvent.clear(within(dialog).getByLabelText('Name (English)'));
  await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Homes');
  return dialog;
}

function signInDialog() {
  return screen.findByRole('dialog', { name: 'Your session has expired' });
}

describe('a session that expires while the panel is open', () => {
  it('asks to sign in over the screen, then saves what was typed', async () => {
    const { server, expire } = expiringCategories();
    const { router } = renderApp('/categories');
    const form = await editResidential();
    expire();

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const signIn = await signInDialog();
    expect(within(signIn).getByLabelText('Username')).toHaveValue('admin');
    expect(within(signIn).getByLabelText('Password')).toHaveFocus();
    expect(form).toBeInTheDocument();
    await userEvent.type(within(signIn).getByLabelText('Password'), 'right');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Category updated successfully')).toBeInTheDocument();
    const puts = server.calls('PUT /api/categories/1');
    expect(puts).toHaveLength(2);
    expect(sentBody(puts[1]?.[1])).toMatchObject({ nameEn: 'Homes', nameAr: 'سكني' });
    expect(router.state.location.pathname).toBe('/categories');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on a wrong password, with the sign-in failure toast', async () => {
    const { server, expire } = expiringCategories();
    renderApp('/categories');
    const form = await editResidential();
    expire();

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const signIn = await signInDialog();
    await userEvent.type(within(signIn).getByLabelText('Password'), 'wrong');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(signIn).toBeInTheDocument();
    expect(server.calls('PUT /api/categories/1')).toHaveLength(1);
  });

  it('keeps the form as typed when the person closes the sign-in dialog', async () => {
    const { expire } = expiringCategories();
    const { router } = renderApp('/categories');
    const form = await editResidential();
    expire();

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await signInDialog();
    await userEvent.keyboard('{Escape}');

    expect(await screen.findByText('Failed to update category')).toBeInTheDocument();
    expect(screen.getByText('Sign in to continue')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name (English)')).toHaveValue('Homes');
    expect(router.state.location.pathname).toBe('/categories');
  });

  it('asks once for reads and writes refused together, and retries them all', async () => {
    const { server, expire } = expiringCategories();
    const { queryClient } = renderApp('/categories');
    const form = await editResidential();
    expire();

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const signIn = await signInDialog();
    // The list is read again meanwhile, and meets the expired session too.
    const reread = queryClient.refetchQueries({ queryKey: ['/api/categories'] });
    await waitFor(() => {
      expect(server.calls('GET /api/categories')).toHaveLength(2);
    });
    expect(screen.getAllByRole('dialog', { name: 'Your session has expired' })).toHaveLength(1);
    await userEvent.type(within(signIn).getByLabelText('Password'), 'right');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign In' }));
    await reread;

    expect(await screen.findByText('Category updated successfully')).toBeInTheDocument();
    expect(server.calls('POST /api/login')).toHaveLength(1);
    expect(server.calls('PUT /api/categories/1')).toHaveLength(2);
    expect(server.calls('GET /api/categories').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});

describe('a deep link opened signed out', () => {
  it('returns to the page asked for, with its query, after signing in', async () => {
    let signedInNow = false;
    mockServer({
      'GET /api/user': () => (signedInNow ? signedIn(undefined) : signedOut(undefined)),
      'POST /api/login': () => {
        signedInNow = true;
        return json(200, admin);
      },
      'GET /api/property-types': answer(200, []),
    });
    const { router } = renderApp('/management?tab=regions');

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Management' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/management');
    expect(router.state.location.search).toBe('?tab=regions');
  });

  it('goes to the dashboard when /auth was opened directly', async () => {
    mockServer({ 'GET /api/user': signedOut, 'POST /api/login': () => json(200, admin) });
    const { router } = renderApp('/auth');

    await userEvent.type(await screen.findByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });
});
