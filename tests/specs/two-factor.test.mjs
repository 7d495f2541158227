// Two-factor sign-in in a real browser (issue 42, docs/adr/0032): enrolling an authenticator
// from Your account (QR code and secret, a first code, recovery codes shown once), the code
// asked after the password, a wrong code said beside the field, 'Trust this device', a
// recovery code on another browser, the step in Arabic right to left, the admin's reset, and
// the administrators' grace notice under the default policy.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { expectToast, newPage, screenshot, signIn } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** What an authenticator app shows for `secret`, `steps` 30-second steps from now (RFC 6238). */
function totp(secret, steps = 0) {
  let bits = '';
  for (const character of secret) bits += BASE32.indexOf(character).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const hash = createHmac('sha1', key).update(counter).digest();
  const offset = hash[hash.length - 1] & 0x0f;
  return String((hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function passwordStep(page, { username, password }) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
}

const CODE_FIELD = 'Code from the app, or a recovery code';

describe('two-factor sign-in', () => {
  const env = serverAndBrowser();

  test('enrolled from Your account, the code is asked after the password; a trusted browser skips it', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = await page.getByLabel('Secret', { exact: true }).inputValue();
    assert.match(secret, /^[A-Z2-7]{32}$/, 'the secret as text');
    await assertAccessible(page, 'the enrolment on Your account');
    await page.getByLabel('Code from the app', { exact: true }).fill(totp(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('recovery-codes').locator('li').nth(9).waitFor();
    const codes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
    assert.equal(codes.length, 10, 'ten recovery codes, shown once');
    await screenshot(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByText('10 recovery codes left').waitFor();
    await page.goto('/');
    await signOut(page);

    await passwordStep(page, ADMIN);
    const field = page.getByLabel(CODE_FIELD, { exact: true });
    await field.waitFor();
    assert.equal(new URL(page.url()).pathname, '/auth', 'no session yet');
    await field.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('This code is not correct, or it has already been used', { exact: true }).waitFor();
    await assertAccessible(page, 'the code step with an error');
    await field.fill(totp(secret, 1));
    await page.getByRole('checkbox', { name: 'Trust this device for 30 days' }).click();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, 'Login successful');
    await signOut(page);

    await signIn(page, ADMIN);
    assert.equal(await page.getByLabel(CODE_FIELD).count(), 0, 'the trusted browser is not asked');
    await page.context().close();

    // Another browser, in Arabic: the step is asked right to left; a recovery code signs in once.
    const other = await newPage(env.browser, env.server.url);
    await other.goto('/auth');
    await other.getByRole('button', { name: 'العربية' }).click();
    await other.getByLabel('اسم المستخدم').fill(ADMIN.username);
    await other.getByLabel('كلمة المرور').fill(ADMIN.password);
    await other.getByRole('button', { name: 'تسجيل الدخول' }).click();
    const arabicField = other.getByLabel('الرمز من التطبيق، أو رمز استرداد', { exact: true });
    await arabicField.waitFor();
    const html = await other.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
    assert.deepEqual(html, { lang: 'ar', dir: 'rtl' });
    await other.getByRole('checkbox', { name: 'الوثوق بهذا الجهاز لمدة 30 يومًا' }).waitFor();
    await assertAccessible(other, 'the code step in Arabic');
    await screenshot(other, 'two-factor-code-step-ar');
    await arabicField.fill(codes[0].toLowerCase());
    await other.getByRole('button', { name: 'تحقق' }).click();
    await other.waitForURL((url) => url.pathname === '/');

    // The user's own English applies once signed in. The admin resets the second factor from
    // Users: the password alone signs in again.
    await other.goto('/users');
    const row = other.getByRole('row').filter({ has: other.getByRole('cell', { name: 'admin', exact: true }) });
    await row.getByRole('button', { name: 'Reset two-factor' }).click();
    await other.getByRole('alertdialog').getByRole('button', { name: 'Reset two-factor' }).click();
    await expectToast(other, 'Two-factor sign-in reset');
    await row.getByRole('button', { name: 'Reset two-factor' }).waitFor({ state: 'detached' });
    await other.context().close();
    const fresh = await newPage(env.browser, env.server.url);
    await signIn(fresh, ADMIN);
    await fresh.context().close();
  });
});

describe('the administrators\' grace under `admins`, the default policy', () => {
  const env = serverAndBrowser({ env: { AQAR_2FA: 'admins' } });

  test('an admin without a second factor is told by when to set it up, on each sign-in', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    const notice = page.getByRole('status').filter({ hasText: 'Administrators must sign in with a second factor' });
    await notice.waitFor();
    await notice.getByRole('link', { name: 'Set it up in Your account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByText(/Required for your account: set it up by/).waitFor();
    await page.goto('/');
    await signOut(page);
    await signIn(page, ADMIN);
    await notice.waitFor();
    await page.context().close();
  });
});
