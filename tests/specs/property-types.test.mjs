// The property types screen in a real browser against the real server: a type created and
// deleted on its own page (core-panel.md §2, §7–§9).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { expectToast, screenshot } from '../support/browser.mjs';
import { api } from '../support/listings.mjs';
import { row, settle, signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';

describe('the property types', () => {
  const env = serverAndBrowser();

  test('a property type is created and deleted on its own page', async () => {
    const page = await signedInPage(env);
    await page.goto('/types');
    await page.getByRole('button', { name: 'Add Property Type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Property Type' });
    await assertAccessible(page, 'the Add New Property Type dialog');
    await dialog.getByLabel('Name (English)').fill('Villa');
    await dialog.getByLabel('Name (Arabic)').fill('فيلا');
    await dialog.getByLabel('Description (Arabic)').fill('منزل مستقل مع حديقة خاصة');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Property type created successfully');
    await row(page, 'Villa').getByText('منزل مستقل مع حديقة خاصة', { exact: true }).waitFor();
    for (const [nameEn, nameAr, descriptionEn] of [
      ['Apartment', 'شقّة', 'A unit on one floor of a residential building'],
      ['Townhouse', 'تاون هاوس', 'A multi-floor home sharing walls with its neighbours'],
    ]) {
      assert.equal((await api(page, 'POST', '/api/property-types', { nameEn, nameAr, descriptionEn })).status, 201);
    }
    await page.reload();
    await page.getByText('All Property Types (3)').waitFor();
    await settle(page);
    await assertAccessible(page, 'property types');
    await screenshot(page, 'types', { docs: true });

    // Typed without the shadda and with haa for taa marbuta, the Arabic name is still found.
    await page.getByRole('searchbox').fill('شقه');
    await page.getByText('Showing 1 to 1 of 1 results', { exact: true }).waitFor();
    await row(page, 'Apartment').waitFor();
    await page.getByRole('searchbox').fill('');

    let asked = '';
    page.once('dialog', (confirm) => {
      asked = confirm.message();
      void confirm.accept();
    });
    await row(page, 'Villa').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Property type deleted successfully');
    assert.equal(asked, 'Are you sure you want to delete this property type?');
    await page.context().close();
  });
});
