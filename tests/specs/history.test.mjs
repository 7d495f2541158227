// The history of changes in a real browser (issue 9): an edit shows in the record's History
// view inside its edit dialog (old and new values, who and when), and in the dashboard's
// Recent Activity with a link to the record; the System Status is measured, not static.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { newPage, screenshot, signIn, toast } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser, DATABASE_KIND } from '../support/server.mjs';

function row(page, text) {
  return page.getByRole('row').filter({ hasText: text });
}

describe('the history of changes', () => {
  const env = serverAndBrowser();

  test('an edit shows in the History view of the edit dialog and in Recent Activity', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);

    await page.goto('/categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Category' });
    assert.equal(await add.getByRole('button', { name: 'History' }).count(), 0, 'a new record has no history');
    await add.getByLabel('Name (English)').fill('Chalets');
    await add.getByLabel('Name (Arabic)').fill('شاليهات');
    await add.getByRole('button', { name: 'Save' }).click();
    await toast(page).getByText('Category created successfully', { exact: true }).waitFor();
    await add.waitFor({ state: 'detached' });

    await row(page, 'Chalets').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByLabel('Name (English)').fill('Mountain Chalets');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page).getByText('Category updated successfully', { exact: true }).waitFor();
    await edit.waitFor({ state: 'detached' });

    await row(page, 'Mountain Chalets').getByRole('button', { name: 'Edit' }).click();
    const again = page.getByRole('dialog', { name: 'Edit Category' });
    await again.getByRole('button', { name: 'History' }).click();
    const entries = again.getByRole('list', { name: 'History of changes' }).getByRole('listitem');
    await entries.first().waitFor();
    assert.equal(await entries.count(), 2);
    const newest = (await entries.nth(0).innerText()).replace(/\s+/g, ' ');
    assert.match(newest, /^Updated by admin /);
    assert.match(newest, /Name \(English\) Chalets → Mountain Chalets/);
    assert.match((await entries.nth(1).innerText()).replace(/\s+/g, ' '), /^Created by admin /);
    await assertAccessible(page, 'the History view of the Edit Category dialog');
    await screenshot(page, 'history-view', { docs: true });
    await again.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/');
    const activity = page.getByRole('link', { name: 'admin updated category “Mountain Chalets”' });
    await activity.waitFor();
    assert.equal(await activity.getAttribute('href'), '/categories');
    await page.getByRole('link', { name: 'admin created category “Chalets”' }).waitFor();
    await page.getByText(new RegExp(`^${DATABASE_KIND}, answered in [\\d.]+ ms$`)).waitFor();
    await page.getByText(/^Version \d+\.\d+\.\d+, up /).waitFor();
    await assertAccessible(page, 'the dashboard with recent activity and system status');
    await screenshot(page, 'dashboard-activity');
    await page.context().close();
  });
});
