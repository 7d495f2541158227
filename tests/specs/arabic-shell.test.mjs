// The Arabic interface's frame (issue 23): chosen on the sign-in page before sign-in, right to
// left (the side bar on the right, its collapse arrow mirrored, <html dir="rtl">), accessible,
// and switched back to English from 'Your account' at once, without a reload; the browser
// tab names each screen in the interface language (issue 42).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { dismissToasts, newPage, screenshot } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

/// Waits for the tab's title, which follows the screen once it has rendered, then asserts it.
async function expectTitle(page, title) {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 5_000 }).catch(() => undefined);
  assert.equal(await page.title(), title);
}

const html = (page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/// The horizontal mirror applied to an element: -1 when it is flipped, 1 when not.
const scaleX = (locator) =>
  locator.evaluate((element) => {
    const { a } = new DOMMatrixReadOnly(getComputedStyle(element).transform === 'none' ? undefined : getComputedStyle(element).transform);
    const scale = getComputedStyle(element).scale;
    return Math.sign(a) * (scale === 'none' ? 1 : Math.sign(Number.parseFloat(scale.split(' ')[0])));
  });

describe('the Arabic shell', () => {
  const env = serverAndBrowser();

  test('the sign-in page offers Arabic, remembered on the device, and the panel opens right to left', async () => {
    const page = await newPage(env.browser, env.server.url);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByText('مرحبًا بعودتك').waitFor();
    assert.deepEqual(await html(page), { lang: 'ar', dir: 'rtl' });
    await expectTitle(page, 'عقار · تسجيل الدخول');
    await assertAccessible(page, 'sign-in (Arabic)');
    await screenshot(page, 'sign-in-ar', { docs: true });

    // Remembered on this device: a fresh visit opens in Arabic.
    await page.reload();
    await page.getByText('مرحبًا بعودتك').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('aqar.language')), 'ar');

    // The user's stored choice is English (the default): once signed in it wins, so the admin
    // first stores Arabic, then the device choice and the user's agree.
    await page.getByLabel('اسم المستخدم').fill(ADMIN.username);
    await page.getByLabel('كلمة المرور').fill(ADMIN.password);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    assert.deepEqual(await html(page), { lang: 'en', dir: 'ltr' }, "the user's English wins over the device's Arabic");
    await expectTitle(page, 'Aqar · Dashboard');

    await page.goto('/account');
    await page.getByLabel('Interface Language').selectOption('ar');
    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    await nav.waitFor();
    await page.getByRole('heading', { name: 'حسابك' }).waitFor();
    assert.deepEqual(await html(page), { lang: 'ar', dir: 'rtl' });
    await expectTitle(page, 'عقار · حسابك');
    await dismissToasts(page).catch(() => undefined);

    await page.goto('/');
    await nav.waitFor();
    await nav.getByRole('link', { name: 'لوحة التحكم' }).waitFor();
    await expectTitle(page, 'عقار · لوحة التحكم');
    const sideBar = page.locator('aside').filter({ has: nav });
    const box = await sideBar.boundingBox();
    const width = page.viewportSize().width;
    assert.ok(box.x + box.width >= width - 1 && box.x > width / 2, `the side bar is on the right: ${JSON.stringify(box)}`);
    const main = await page.locator('main').boundingBox();
    assert.ok(main.x + main.width <= box.x + 1, 'the screen is to the left of the side bar');

    const collapse = page.getByRole('button', { name: 'طي الشريط الجانبي' });
    assert.equal(await scaleX(collapse.locator('svg')), -1, 'the collapse arrow is mirrored');
    const pointsLeftInEnglish = await collapse.locator('svg').getAttribute('class');
    assert.match(pointsLeftInEnglish, /chevrons-left/);
    await assertAccessible(page, 'dashboard (Arabic)');
    await screenshot(page, 'shell-ar', { docs: true });

    await collapse.click();
    const expand = page.getByRole('button', { name: 'توسيع الشريط الجانبي' });
    assert.equal(await scaleX(expand.locator('svg')), -1, 'the expand arrow is mirrored');
    // Once its width transition ends.
    await page.waitForFunction(() => document.querySelector('aside[data-collapsed="true"]')?.getBoundingClientRect().width === 64);
    const collapsed = await sideBar.boundingBox();
    assert.ok(Math.abs(collapsed.x + collapsed.width - width) <= 1 && collapsed.width === 64, `collapsed on the right: ${JSON.stringify(collapsed)}`);
    await expand.click();

    // Icons without a direction stay as they are.
    assert.equal(await scaleX(page.getByRole('link', { name: 'حسابك' }).locator('svg')), 1);
    await page.context().close();
  });

  test("'Your account' switches an Arabic session back to English at once, without a reload", async () => {
    const page = await newPage(env.browser, env.server.url);
    await page.goto('/auth');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The user's stored Arabic wins over this device's English (nothing chosen here).
    const stored = await page.evaluate(async () => {
      const answer = await fetch('/api/account/preferences', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'ar', numerals: 'latin' }),
      });
      return answer.status;
    });
    assert.equal(stored, 200);
    await page.goto('/account');
    await page.getByRole('heading', { name: 'حسابك' }).waitFor();
    assert.deepEqual(await html(page), { lang: 'ar', dir: 'rtl' });
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    await assertAccessible(page, 'account (Arabic)');
    await screenshot(page, 'account-ar');

    await page.getByLabel('الأرقام').selectOption('arabic');
    const saved = page.getByRole('region', { name: /الإشعارات/ }).locator('li').filter({ hasText: 'تم حفظ التفضيلات' });
    await saved.waitFor();
    // Toasts sit at the bottom of the page's end side: on the left, right to left.
    const toastBox = await saved.boundingBox();
    assert.ok(toastBox.x + toastBox.width < page.viewportSize().width / 2, `the toast is on the left: ${JSON.stringify(toastBox)}`);
    await page.getByLabel('لغة الواجهة').selectOption('en');
    await page.getByRole('heading', { name: 'Your Account' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    assert.deepEqual(await html(page), { lang: 'en', dir: 'ltr' });
    await expectTitle(page, 'Aqar · Your account');
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
    const sideBar = await page.locator('aside').boundingBox();
    assert.equal(sideBar.x, 0, 'the side bar is back on the left');

    // Stored on the user: a new session of the same user opens in English, with its digits.
    await page.reload();
    await page.getByRole('heading', { name: 'Your Account' }).waitFor();
    assert.equal(await page.getByLabel('Digits').inputValue(), 'arabic');
    await page.getByLabel('Digits').selectOption('latin');
    await page.getByText('Preferences saved').first().waitFor();
    await page.context().close();
  });
});
