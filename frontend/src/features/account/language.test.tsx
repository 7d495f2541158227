import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '@/i18n/ar.json';
import accountAr from '@/i18n/account.ar.json';
import i18n, { LANGUAGE_STORAGE_KEY, setInterfaceLanguage } from '@/i18n';
import { currentNumerals, setNumerals } from '@/lib/format';
import { renderApp } from '@/test/render';
import { json, mockServer, signedOut } from '@/test/server';

const editor = {
  id: 2,
  username: 'editor',
  role: 'user',
  email: null,
  fullName: null,
  isActive: true,
  language: 'en',
  numerals: 'latin',
};

function html() {
  return document.documentElement;
}

describe('the interface language', () => {
  afterEach(async () => {
    await setInterfaceLanguage('en');
    setNumerals('latin');
    localStorage.clear();
  });

  it('is chosen on the sign-in page before sign-in, remembered on the device, in place', async () => {
    mockServer({ 'GET /api/user': signedOut });
    renderApp('/auth');
    const form = await screen.findByRole('button', { name: 'Sign In' });

    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));

    expect(await screen.findByText(ar.auth.welcomeBack)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ar.auth.signIn })).toBe(form);
    expect(html()).toHaveAttribute('lang', 'ar');
    expect(html()).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(screen.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'English' }));

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(html()).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('sends the sign-in in the page’s language, and the user’s stored choice wins once signed in', async () => {
    await setInterfaceLanguage('ar');
    const server = mockServer({
      'GET /api/user': signedOut,
      'POST /api/login': () => json(200, { ...editor, language: 'en' }),
    });
    renderApp('/auth');

    await userEvent.type(await screen.findByLabelText(ar.auth.username), 'editor');
    await userEvent.type(screen.getByLabelText(ar.auth.password), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: ar.auth.signIn }));

    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(html()).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    const [, init] = server.calls('POST /api/login')[0] ?? [];
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('ar');
  });

  it('opens a signed-in session in the user’s language and digits, whatever the device chose', async () => {
    mockServer({ 'GET /api/user': () => json(200, { ...editor, language: 'ar', numerals: 'arabic' }) });
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: ar.shell.navigation });
    expect(within(nav).getByRole('link', { name: ar.shell.nav.dashboard })).toBeInTheDocument();
    expect(html()).toHaveAttribute('dir', 'rtl');
    expect(currentNumerals()).toBe('arabic');
  });

  it('changes from Your account at once, without a reload', async () => {
    let stored = { ...editor };
    const server = mockServer({
      'GET /api/user': () => json(200, stored),
      'PUT /api/account/preferences': (init) => {
        stored = { ...stored, ...(JSON.parse(init?.body as string) as object) };
        return json(200, stored);
      },
    });
    const { router } = renderApp('/account');
    const sideBar = (await screen.findByRole('navigation', { name: 'Main navigation' })).closest('aside');
    await screen.findByRole('heading', { name: 'Your Account' });

    await userEvent.selectOptions(screen.getByLabelText('Interface Language'), 'ar');

    expect(await screen.findByRole('heading', { name: accountAr.title })).toBeInTheDocument();
    expect(html()).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByText(accountAr.toast.preferencesSaved)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: ar.shell.navigation }).closest('aside')).toBe(sideBar);
    expect(router.state.location.pathname).toBe('/account');

    await userEvent.selectOptions(screen.getByLabelText(accountAr.preferences.numerals), 'arabic');

    await waitFor(() => {
      expect(currentNumerals()).toBe('arabic');
    });
    expect(server.calls('PUT /api/account/preferences').map(([, init]) => JSON.parse(init?.body as string) as unknown)).toEqual([
      { language: 'ar', numerals: 'latin' },
      { language: 'ar', numerals: 'arabic' },
    ]);

    await userEvent.selectOptions(screen.getByLabelText(accountAr.preferences.language), 'en');

    expect(await screen.findByRole('heading', { name: 'Your Account' })).toBeInTheDocument();
    expect(html()).toHaveAttribute('dir', 'ltr');
    expect(i18n.language).toBe('en');
  });
});
