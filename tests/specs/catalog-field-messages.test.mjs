// The catalog's dialogs in a real browser against the real server: the messages the
// browser's rules show under the fields are the server's for the same input (categories,
// countries, regions, features; core-panel.md §2, §8).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { api } from '../support/listings.mjs';
import { signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';

/// The message shown under the control labelled `label` inside `scope`, or null.
function messageUnder(scope, label) {
  return scope.getByLabel(label, { exact: true }).evaluate((control) => {
    const id = control.getAttribute('aria-describedby');
    return id === null ? null : (document.getElementById(id)?.textContent ?? null);
  });
}

/// Asserts that every message of the server's `errors` shows under its field, and no other.
async function assertSameMessages(scope, labels, serverErrors) {
  assert.ok(Object.keys(serverErrors).length > 0, 'the server found something to refuse');
  for (const [field, label] of Object.entries(labels)) {
    assert.equal(await messageUnder(scope, label), serverErrors[field] ?? null, `message under ${label}`);
  }
}

describe('the catalog field messages', () => {
  const env = serverAndBrowser();

  test("the messages under the fields are the server's for the same input", async () => {
    const page = await signedInPage(env);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && !request.url().endsWith('/api/login')) posts += 1;
    });

    await page.goto('/categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Category' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByLabel('Name (English)').and(page.locator('[aria-invalid="true"]')).waitFor();
    assert.equal(posts, 0, 'the browser refused before sending');
    const category = await api(page, 'POST', '/api/categories', {
      nameEn: '',
      nameAr: '',
      descriptionEn: null,
      descriptionAr: null,
      imageUrl: null,
    });
    assert.equal(category.status, 422);
    await assertSameMessages(
      dialog,
      { nameEn: 'Name (English)', nameAr: 'Name (Arabic)', descriptionEn: 'Description (English)' },
      category.body.errors,
    );
    await assertAccessible(page, 'the Add New Category dialog with field messages');

    posts = 0;
    await page.goto('/management');
    await page.getByRole('tab', { name: 'Countries' }).click();
    await page.getByRole('button', { name: 'Add Country' }).click();
    dialog = page.getByRole('dialog', { name: 'Add New Country' });
    await dialog.getByLabel('Name (Arabic)').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByLabel('Code').and(page.locator('[aria-invalid="true"]')).waitFor();
    assert.equal(posts, 0, 'the browser refused before sending');
    const country = await api(page, 'POST', '/api/countries', { nameEn: '', nameAr: '   ', code: '' });
    assert.equal(country.status, 422);
    await assertSameMessages(dialog, { nameEn: 'Name (English)', nameAr: 'Name (Arabic)', code: 'Code' }, country.body.errors);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard' }).click();

    await page.getByRole('tab', { name: 'Regions' }).click();
    await page.getByRole('button', { name: 'Add Region' }).click();
    dialog = page.getByRole('dialog', { name: 'Add New Region' });
    await dialog.getByLabel('Name (English)').fill('Nowhere');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByLabel('City').and(page.locator('[aria-invalid="true"]')).waitFor();
    const region = await api(page, 'POST', '/api/regions', { nameEn: 'Nowhere', nameAr: '', cityId: null });
    assert.equal(region.status, 422);
    await assertSameMessages(dialog, { nameEn: 'Name (English)', nameAr: 'Name (Arabic)', cityId: 'City' }, region.body.errors);
    await assertAccessible(page, 'the Add New Region dialog with field messages');

    posts = 0;
    await page.goto('/features');
    await page.getByRole('button', { name: 'Add Feature' }).click();
    const card = page.getByRole('form', { name: 'New Feature' });
    await card.getByLabel('Name (English)').fill(' ');
    await card.getByLabel('Name (Arabic)').fill('مسبح');
    await card.getByLabel('Display Order').fill('-1');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByLabel('Display Order').and(page.locator('[aria-invalid="true"]')).waitFor();
    assert.equal(posts, 0, 'the browser refused before sending');
    const feature = await api(page, 'POST', '/api/property-features', {
      nameEn: ' ',
      nameAr: 'مسبح',
      icon: 'fi fi-rr-star',
      category: 'luxury',
      isActive: true,
      displayOrder: -1,
    });
    assert.equal(feature.status, 422);
    await assertSameMessages(
      card,
      { nameEn: 'Name (English)', nameAr: 'Name (Arabic)', icon: 'Icon', displayOrder: 'Display Order' },
      feature.body.errors,
    );
    await assertAccessible(page, 'the New Feature card with field messages');
    await page.context().close();
  });
});
