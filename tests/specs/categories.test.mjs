// The categories screen in a real browser against the real server: a category with an
// uploaded image created, edited, searched, paged through and deleted (core-panel.md §2,
// §7–§9; site-content.md §2, §7, §8).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { expectToast, screenshot } from '../support/browser.mjs';
import { PNG_1X1, scratchFolder } from '../support/files.mjs';
import { api } from '../support/listings.mjs';
import { row, settle, signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';

const LONG_DESCRIPTION = 'Homes for families: apartments, villas and townhouses close to schools and parks.';

describe('the categories', () => {
  const env = serverAndBrowser();
  const files = scratchFolder('aqar-catalog-');

  test('a category with an uploaded image is created, edited, searched, paged through and deleted', async () => {
    const page = await signedInPage(env);
    const png = files.write('villa.png', PNG_1X1);

    await page.goto('/categories');
    await page.getByText('All Categories (0)').waitFor();
    await assertAccessible(page, 'categories, empty');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Category' });
    await dialog.getByText('PNG, JPG, GIF up to 10MB', { exact: true }).waitFor();
    await assertAccessible(page, 'the Add New Category dialog');
    assert.equal(await dialog.getByLabel('Name (Arabic)').getAttribute('dir'), 'rtl');
    assert.equal(await dialog.getByLabel('Name (Arabic)').getAttribute('lang'), 'ar');
    await dialog.getByLabel('Name (English)').fill('Residential');
    await dialog.getByLabel('Name (Arabic)').fill('سكني');
    await dialog.getByLabel('Description (English)').fill(LONG_DESCRIPTION);
    await dialog.getByLabel('Upload an image').setInputFiles(png);
    await dialog.getByRole('img', { name: 'Residential' }).waitFor();
    await assertAccessible(page, 'the Add New Category dialog with an image');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Category created successfully');
    await dialog.waitFor({ state: 'detached' });

    // The list holds the stored reference, not the bytes; the table loads its 160-pixel copy.
    const image = row(page, 'Residential').getByRole('img', { name: 'Residential' });
    const src = await image.getAttribute('src');
    assert.match(src, /^\/media\/[0-9a-f]{64}\.png\?w=160$/);
    const served = await page.request.get(src);
    assert.equal(served.status(), 200);
    assert.match(served.headers()['content-type'], /^image\/png/);
    assert.match(served.headers()['cache-control'], /max-age=\d{6,}/);
    await row(page, 'Residential').getByText(`${LONG_DESCRIPTION.slice(0, 50)}...`, { exact: true }).waitFor();
    await row(page, 'Residential').getByText('سكني', { exact: true }).waitFor();
    await page.getByText('All Categories (1)').waitFor();

    await row(page, 'Residential').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    assert.equal(await edit.getByLabel('Name (English)').inputValue(), 'Residential');
    await edit.getByRole('img', { name: 'Residential' }).waitFor();
    assert.equal(await edit.getByRole('img', { name: 'Residential' }).getAttribute('src'), src.replace('?w=160', '?w=320'));
    await assertAccessible(page, 'the Edit Category dialog');
    await edit.getByLabel('Name (English)').fill('Residential Homes');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Category updated successfully');
    await row(page, 'Residential Homes').waitFor();
    assert.equal(await row(page, 'Residential Homes').getByRole('img').getAttribute('src'), src, 'the image is kept');

    // Eleven more rows, so that the table has a second page.
    for (let n = 1; n <= 11; n += 1) {
      const created = await api(page, 'POST', '/api/categories', {
        nameEn: `Extra ${String(n).padStart(2, '0')}`,
        nameAr: `إضافية ${n}`,
      });
      assert.equal(created.status, 201);
    }
    await page.reload();
    await page.getByText('All Categories (12)').waitFor();
    await page.getByText('Showing 1 to 10 of 12 results', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Previous' }).isDisabled(), true);
    await settle(page);
    await assertAccessible(page, 'categories, first page');
    await screenshot(page, 'categories', { docs: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 11 to 12 of 12 results', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Next' }).isDisabled(), true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Showing 1 to 10 of 12 results', { exact: true }).waitFor();

    await page.getByRole('searchbox').fill('residential');
    await page.getByText('Showing 1 to 1 of 1 results', { exact: true }).waitFor();
    await row(page, 'Residential Homes').waitFor();
    // The search folds Arabic: 'اضافيه' (bare alef, haa) finds every 'إضافية' (hamza, taa marbuta).
    await page.getByRole('searchbox').fill('اضافيه');
    await page.getByText('Showing 1 to 10 of 11 results', { exact: true }).waitFor();
    await page.getByRole('searchbox').fill('سكنى');
    await page.getByText('Showing 1 to 1 of 1 results', { exact: true }).waitFor();
    await row(page, 'Residential Homes').waitFor();
    await page.getByRole('searchbox').fill('nothing called this');
    await page.getByText('No results found', { exact: true }).waitFor();
    await assertAccessible(page, 'categories, nothing found');
    await page.getByRole('searchbox').fill('Residential');

    let asked = '';
    page.once('dialog', (confirm) => {
      asked = confirm.message();
      void confirm.accept();
    });
    await row(page, 'Residential Homes').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Category deleted successfully');
    assert.equal(asked, 'Are you sure you want to delete this category?');
    await page.getByText('All Categories (11)').waitFor();
    await page.getByText('No results found', { exact: true }).waitFor();
    await page.context().close();
  });
});
