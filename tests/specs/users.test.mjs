// Users and one's own account in a real browser (issue 10): an admin creates a user who
// signs in without seeing Users and meets the no-access page at /users; a blank password on
// edit keeps it; 'Passwords don't match' under the confirmation; the own-password change;
// the delete confirmation (site-content.md §2, §5, §8; core-panel.md §2, §8).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { newPage, screenshot, signIn, toast } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

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

describe('users and your own account', () => {
  const env = serverAndBrowser();

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
});
