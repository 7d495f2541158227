// The company values in a real browser (issue 12): a value's full cycle with an uploaded
// image, and the section settings (site-content.md §2, §5, §8).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { dismissToasts, expectToast, screenshot } from '../support/browser.mjs';
import { PNG_1X1, scratchFolder } from '../support/files.mjs';
import { signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';

describe('the company values', () => {
  const env = serverAndBrowser();
  const files = scratchFolder('aqar-values-');

  test('a company value with an uploaded image is created, edited and deleted; the section settings are saved', async () => {
    const page = await signedInPage(env);
    const png = files.write('value.png', PNG_1X1);

    await page.goto('/company-values');
    await page.getByRole('heading', { name: 'No Values Yet' }).waitFor();
    await page.getByText('Start building your company values section by adding your first value.').waitFor();
    await page.getByText('Our Values', { exact: true }).waitFor();
    await assertAccessible(page, 'Company Values, empty');

    await page.getByRole('button', { name: 'Add First Value' }).click();
    const add = page.getByRole('dialog', { name: 'Add Company Value' });
    assert.equal(await add.getByLabel('Icon Class (FontAwesome)').inputValue(), 'fas fa-star');
    await add.getByLabel('Title (English)').fill('Integrity');
    await add.getByLabel('Title (Arabic)').fill('النزاهة');
    await add.getByLabel('Description (English)').fill('We keep our word.');
    await add.getByLabel('Description (Arabic)').fill('نفي بوعودنا.');
    await add.getByLabel('Or an image URL').fill('https://images.example.com/integrity.jpg');
    await add.getByLabel('Upload an image').setInputFiles(png);
    await add.getByRole('img', { name: 'Integrity' }).waitFor();
    assert.equal(await add.getByLabel('Or an image URL').inputValue(), '', 'the upload clears the URL');
    await assertAccessible(page, 'the Add Company Value dialog');
    await add.getByRole('button', { name: 'Create Value' }).click();
    await expectToast(page, 'Company value created successfully');
    await add.waitFor({ state: 'detached' });
    const thumbnail = page.getByRole('list', { name: 'Company Values' }).getByRole('img', { name: 'Integrity' });
    assert.match(await thumbnail.getAttribute('src'), /^\/media\/[0-9a-f]{64}\.png\?w=160$/);
    await page.getByText('Order: 0').waitFor();
    await page.getByText('Active', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit Integrity' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Company Value' });
    await edit.getByLabel('Display Order').fill('3');
    await edit.getByRole('button', { name: 'Update Value' }).click();
    await expectToast(page, 'Company value updated successfully');
    await page.getByText('Order: 3').waitFor();

    await page.getByRole('button', { name: 'Section Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Section Settings' });
    await settings.getByLabel('Section Title (English)').fill('What we stand for');
    await settings.getByLabel('Section Subtitle (Arabic)').fill('منذ 2005');
    await assertAccessible(page, 'the Section Settings dialog');
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await settings.waitFor({ state: 'detached' });
    await page.getByText('What we stand for', { exact: true }).waitFor();
    await dismissToasts(page);
    await screenshot(page, 'company-values', { docs: true });

    page.once('dialog', (dialog) => {
      assert.equal(dialog.message(), 'Are you sure you want to delete this value?');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete Integrity' }).click();
    await page.getByRole('heading', { name: 'No Values Yet' }).waitFor();
    await page.context().close();
  });
});
