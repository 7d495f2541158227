// Users, company settings and one's own account in a real browser (issue 10): an admin
// creates a user who signs in without seeing Users and meets the no-access page at /users;
// a blank password on edit keeps it; 'Passwords don't match' under the confirmation; the
// settings round-trip with a logo; the own-password change; the delete confirmation
// (site-content.md §2, §5, §8; core-panel.md §2, §8).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { newPage, screenshot, signIn, toast } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

// A real 1x1 PNG, so the server's content check accepts it as an image.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0a7"/><script>alert(1)</script></svg>';

async function expectToast(page, title) {
  await toast(page).getByText(title, { exact: true }).first().waitFor();
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
}

function userRow(page, username) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
}

describe('users, settings and your own account', () => {
  const env = serverAndBrowser();
  let files;

  before(() => {
    files = mkdtempSync(join(tmpdir(), 'aqar-users-'));
  });

  after(() => {
    if (files !== undefined) rmSync(files, { recursive: true, force: true });
  });

  test('an admin creates a user, who signs in without Users and changes their own password', async () => {
    const admin = await newPage(env.browser, env.server.url);
    await signIn(admin, ADMIN);
    await admin.getByRole('link', { name: 'Users' }).click();
    await admin.getByRole('heading', { name: 'All Users (1)' }).waitFor();
    assert.equal(await userRow(admin, 'admin').getByRole('button', { name: 'Delete' }).count(), 0, 'no delete for user 1');
    await assertAccessible(admin, 'User Management');
    await userRow(admin, 'admin').getByRole('button', { name: 'Edit' }).click();
    const own = admin.getByRole('dialog', { name: 'Edit User' });
    assert.equal(await own.getByLabel('Role', { exact: true }).isDisabled(), true, 'nobody changes their own role');
    await own.getByRole('button', { name: 'Cancel' }).click();
    await own.waitFor({ state: 'detached' });

    await admin.getByRole('button', { name: 'Add User' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add User' });
    await dialog.getByText('An active user can log in to the system.').waitFor();
    await dialog.getByLabel('Username', { exact: true }).fill('lina');
    await dialog.getByLabel('Full Name', { exact: true }).fill('Lina Haddad');
    await dialog.getByLabel('Email', { exact: true }).fill('lina@aqar.example');
    await dialog.getByLabel('Password', { exact: true }).fill('lina-pass-1');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('lina-pass-2');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText("Passwords don't match", { exact: true }).waitFor();
    const confirmId = await dialog.getByLabel('Confirm Password', { exact: true }).getAttribute('aria-describedby');
    assert.ok(confirmId !== null && (await admin.locator(`[id="${confirmId}"]`).textContent()).includes("Passwords don't match"), 'the message is under confirmPassword');
    await assertAccessible(admin, 'the add-user dialog with an error');
    await screenshot(admin, 'user-dialog');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('lina-pass-1');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(admin, 'User created');
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('heading', { name: 'All Users (2)' }).waitFor();
    await userRow(admin, 'lina').getByText('Active', { exact: true }).waitFor();

    await userRow(admin, 'lina').getByRole('button', { name: 'Edit' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Full Name', { exact: true }).fill('Lina H. Haddad');
    await edit.getByRole('button', { name: 'Update User' }).click();
    await expectToast(admin, 'User updated');
    await edit.waitFor({ state: 'detached' });
    await userRow(admin, 'lina').getByText('Lina H. Haddad').waitFor();
    await screenshot(admin, 'users', { docs: true });

    // The blank password on edit kept 'lina-pass-1'.
    const lina = await newPage(env.browser, env.server.url);
    await signIn(lina, { username: 'lina', password: 'lina-pass-1' });
    await lina.getByRole('link', { name: 'Dashboard' }).waitFor();
    assert.equal(await lina.getByRole('link', { name: 'Users' }).count(), 0, 'no Users entry for a plain user');
    await lina.goto('/users');
    await lina.getByRole('heading', { name: 'No access' }).waitFor();
    await assertAccessible(lina, 'the no-access page');
    await lina.goto('/admin/users');
    await lina.getByRole('heading', { name: 'No access' }).waitFor();

    await lina.getByRole('link', { name: 'Your account' }).click();
    await lina.getByRole('heading', { name: 'Your Account' }).waitFor();
    await assertAccessible(lina, 'Your Account');
    await lina.getByLabel('New Password', { exact: true }).fill('lina-new-pass');
    await lina.getByLabel('Confirm New Password', { exact: true }).fill('lina-new-pass');
    await lina.getByRole('button', { name: 'Save Changes' }).click();
    await lina.getByText('This field is required', { exact: true }).waitFor();
    await lina.getByLabel('Current Password', { exact: true }).fill('wrong-password');
    await lina.getByRole('button', { name: 'Save Changes' }).click();
    await lina.getByText('The current password is not correct', { exact: true }).waitFor();
    await lina.getByLabel('Current Password', { exact: true }).fill('lina-pass-1');
    await lina.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(lina, 'Password changed');
    await screenshot(lina, 'account');
    await signOut(lina);
    await signIn(await newPage(env.browser, env.server.url), { username: 'lina', password: 'lina-new-pass' });

    // Lina's own change moved her record on: the admin reads the list again first.
    await admin.reload();
    await userRow(admin, 'lina').getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.getByText('This action cannot be undone. This will permanently delete the user account.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(admin, 'User deleted');
    await admin.getByRole('heading', { name: 'All Users (1)' }).waitFor();
  });

  test('the company settings round-trip with a logo; an SVG logo becomes a PNG', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Company Settings' }).waitFor();
    await page.getByText('PNG, JPG or SVG up to 5MB').waitFor();
    assert.equal(await page.getByLabel('Value').first().getAttribute('placeholder'), '500');
    assert.equal(await page.getByLabel('Company Name (Arabic)').getAttribute('dir'), 'rtl');
    await assertAccessible(page, 'Company Settings');

    await page.getByLabel('Company Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Company name is required', { exact: true }).waitFor();
    await page.getByLabel('Company Name', { exact: true }).fill('Aqar');
    await page.getByLabel('Company Name (English)').fill('Aqar Real Estate');
    await page.getByLabel('Company Name (Arabic)').fill('عقار');
    await page.getByLabel('Contact Email').fill('info@aqar');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await page.getByLabel('Contact Email').fill('info@aqar.example');
    const properties = page.getByRole('group', { name: 'Properties' });
    await properties.getByLabel('Value').fill('750');
    await properties.getByLabel('Label (Arabic)').fill('عقار معروض');
    const logo = join(files, 'logo.png');
    writeFileSync(logo, PNG_1X1);
    await page.locator('input[type=file]').setInputFiles(logo);
    await page.getByRole('img', { name: 'Company logo' }).waitFor();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated successfully');
    await toast(page).getByText('Your company settings have been saved.').waitFor();
    await screenshot(page, 'settings', { docs: true });

    await page.reload();
    await page.getByRole('heading', { name: 'Company Settings' }).waitFor();
    await page.getByRole('button', { name: 'History' }).click();
    const changes = page.getByRole('list', { name: 'History of changes' }).getByRole('listitem');
    await changes.first().waitFor();
    assert.equal(await changes.count(), 1, 'the first save');
    assert.equal(await page.getByLabel('Company Name (Arabic)').inputValue(), 'عقار');
    assert.equal(await page.getByRole('group', { name: 'Properties' }).getByLabel('Value').inputValue(), '750');
    const stored = await page.getByRole('img', { name: 'Company logo' }).getAttribute('src');
    assert.match(stored, /^\/media\/[0-9a-f]{64}\.png/);

    const svg = join(files, 'logo.svg');
    writeFileSync(svg, SVG);
    await page.locator('input[type=file]').setInputFiles(svg);
    // The SVG was drawn into a PNG before it reached the form.
    await page.locator('img[alt="Company logo"][src^="data:image/png;base64,"]').waitFor();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated successfully');
    const saved = await page.evaluate(async () => (await (await fetch('/api/public/settings')).json()).companyLogo);
    assert.match(saved, /^\/media\/[0-9a-f]{64}\.png$/);
  });
});
