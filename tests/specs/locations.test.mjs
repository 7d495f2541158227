// The Management tabs in a real browser against the real server: a country → city →
// region chain, and the 409 on deleting a country that still has cities (core-panel.md §2,
// §7–§9; site-content.md §7, §8).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { expectToast, screenshot, toast } from '../support/browser.mjs';
import { api } from '../support/listings.mjs';
import { row, settle, signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';

describe('the locations', () => {
  const env = serverAndBrowser();

  test('a country → city → region chain is built, and deleting the country first is refused', async () => {
    const page = await signedInPage(env);
    await page.goto('/admin/management');
    await page.getByRole('tab', { name: 'Property Types' }).waitFor();
    await assertAccessible(page, 'management, property types tab');
    await page.getByRole('tab', { name: 'Countries' }).click();
    await assertAccessible(page, 'management, countries tab');

    await page.getByRole('button', { name: 'Add Country' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Country' });
    await assertAccessible(page, 'the Add New Country dialog');
    assert.equal(await dialog.getByLabel('Code').getAttribute('placeholder'), 'JO');
    await dialog.getByLabel('Name (English)').fill('Jordan');
    await dialog.getByLabel('Name (Arabic)').fill('الأردن');
    await dialog.getByLabel('Code').fill('JO');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Country created successfully');
    await page.getByRole('cell', { name: 'Jordan / الأردن' }).waitFor();

    // A second country with the same code: the server's 409 reason shows in the dialog.
    await page.getByRole('button', { name: 'Add Country' }).click();
    dialog = page.getByRole('dialog', { name: 'Add New Country' });
    await dialog.getByLabel('Name (English)').fill('Jordan again');
    await dialog.getByLabel('Name (Arabic)').fill('الأردن');
    await dialog.getByLabel('Code').fill('JO');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const duplicate = await api(page, 'POST', '/api/countries', { nameEn: 'Jordan again', nameAr: 'الأردن', code: 'JO' });
    assert.equal(duplicate.status, 409);
    await dialog.getByRole('alert').getByText(duplicate.body.message, { exact: true }).waitFor();
    await assertAccessible(page, 'the Add New Country dialog with the server refusal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard' }).click();

    await page.getByRole('tab', { name: 'Cities' }).click();
    await assertAccessible(page, 'management, cities tab');
    await page.getByRole('button', { name: 'Add City' }).click();
    dialog = page.getByRole('dialog', { name: 'Add New City' });
    await assertAccessible(page, 'the Add New City dialog');
    await dialog.getByLabel('Name (English)').fill('Amman');
    await dialog.getByLabel('Name (Arabic)').fill('عمّان');
    await dialog.getByLabel('Country').selectOption({ label: 'Jordan / الأردن' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'City created successfully');
    await row(page, 'Amman / عمّان').getByRole('cell', { name: 'Jordan / الأردن' }).waitFor();

    await page.getByRole('tab', { name: 'Regions' }).click();
    await page.getByRole('button', { name: 'Add Region' }).click();
    dialog = page.getByRole('dialog', { name: 'Add New Region' });
    assert.equal(await dialog.getByLabel('City').isDisabled(), true, 'the city waits for a country');
    await assertAccessible(page, 'the Add New Region dialog');
    await dialog.getByLabel('Name (English)').fill('Abdoun');
    await dialog.getByLabel('Name (Arabic)').fill('عبدون');
    await dialog.getByLabel('Country').selectOption({ label: 'Jordan / الأردن' });
    await dialog.getByLabel('City').selectOption({ label: 'Amman / عمّان' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Region created successfully');
    const region = row(page, 'Abdoun / عبدون');
    await region.getByRole('cell', { name: 'Amman / عمّان' }).waitFor();
    await region.getByRole('cell', { name: 'Jordan / الأردن' }).waitFor();
    await settle(page);
    await assertAccessible(page, 'management, regions tab');
    await screenshot(page, 'management', { docs: true });

    // Deleting the country while it has a city: the 409's message reaches the user.
    await page.getByRole('tab', { name: 'Countries' }).click();
    await row(page, 'Jordan / الأردن').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await confirm.getByText('Are you sure you want to delete this item? This action cannot be undone.').waitFor();
    await assertAccessible(page, 'the Confirm Delete dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page).getByText('Failed to delete country', { exact: true }).waitFor();
    await assertAccessible(page, "management with the 'Failed to delete country' toast");
    const countries = await api(page, 'GET', '/api/countries');
    const jordan = countries.body.find((country) => country.code === 'JO');
    const refused = await api(page, 'DELETE', `/api/countries/${jordan.id}`);
    assert.equal(refused.status, 409);
    assert.ok(refused.body.message.length > 0);
    await toast(page).getByText(refused.body.message, { exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Jordan / الأردن' }).waitFor();

    // Taken apart from the bottom up, each delete succeeds.
    for (const [tab, name, message] of [
      ['Regions', 'Abdoun / عبدون', 'Region deleted successfully'],
      ['Cities', 'Amman / عمّان', 'City deleted successfully'],
      ['Countries', 'Jordan / الأردن', 'Country deleted successfully'],
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await row(page, name).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, message);
      await row(page, name).waitFor({ state: 'detached' });
    }
    await page.context().close();
  });
});
