import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '@/i18n/ar.json';
import en from '@/i18n/en.json';
import { setInterfaceLanguage } from '@/i18n';
import { renderApp } from '@/test/render';
import { mockServer, signedIn, signedOut } from '@/test/server';
import { SCREENS } from './routes';

async function expectTitle(title: string) {
  await waitFor(() => {
    expect(document.title).toBe(title);
  });
}

describe('the browser tab’s title', () => {
  afterEach(async () => {
    await setInterfaceLanguage('en');
    localStorage.clear();
  });

  it('names the screen on show, and follows the interface language and the navigation', async () => {
    mockServer({ 'GET /api/user': signedIn });
    const { router } = renderApp('/');
    await expectTitle('Aqar · Dashboard');

    await act(() => setInterfaceLanguage('ar'));
    await expectTitle('عقار · لوحة التحكم');

    await act(() => router.navigate('/users'));
    await expectTitle('عقار · المستخدمون');

    await act(() => setInterfaceLanguage('en'));
    await expectTitle('Aqar · Users');
  });

  it('names the sign-in page and the 404 page, in Arabic when it is the device’s language', async () => {
    mockServer({ 'GET /api/user': signedOut });
    await setInterfaceLanguage('ar');
    const { router } = renderApp('/auth');
    await expectTitle('عقار · تسجيل الدخول');

    await act(() => router.navigate('/nowhere'));
    await expectTitle('عقار · الصفحة غير موجودة');
  });

  it('has a title for every screen in both languages', () => {
    const screens = ['signIn', 'notFound', ...SCREENS.map(({ screen }) => screen)];
    for (const screen of screens) {
      expect(en.screenTitle.screens).toHaveProperty(screen);
      expect(ar.screenTitle.screens).toHaveProperty(screen);
    }
  });
});
