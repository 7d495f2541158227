// The trash in a real browser (issue 24): a listing deleted from the properties list comes
// back with the toast's Undo; the Trash screen lists what was deleted, filters and searches
// it, restores a listing with its photos and purges after asking; in Arabic, right to left;
// axe on each state.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { dismissToasts, expectToast, screenshot, toast } from '../support/browser.mjs';
import { api, create, createCatalog, listing } from '../support/listings.mjs';
import { row, settle, signedInPage } from '../support/pages.mjs';
import { gradientPng } from '../support/pictures.mjs';
import { serverAndBrowser } from '../support/server.mjs';

async function uploadImage(page, bytes) {
  const response = await page.request.post('/api/upload-images', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { images: { name: 'photo.png', mimeType: 'image/png', buffer: bytes } },
  });
  assert.equal(response.status(), 201, await response.text());
  const { images } = await response.json();
  return images[0];
}

async function deleteFromList(page, title) {
  await row(page, title).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Property deleted successfully', 'Moved to the trash.');
}

describe('the trash', () => {
  const env = serverAndBrowser();
  let catalog;
  /// The one catalog of this server, made by the first test that needs it.
  const catalogOf = async (page) => (catalog ??= await createCatalog(page));

  test("a listing deleted from the list comes back with the toast's Undo", async () => {
    const page = await signedInPage(env);
    const catalog = await catalogOf(page);
    const villa = await create(page, '/api/properties', listing(catalog, { titleEn: 'Undo Villa' }));
    await page.goto('/properties');
    await row(page, 'Undo Villa').waitFor();

    await deleteFromList(page, 'Undo Villa');
    await row(page, 'Undo Villa').waitFor({ state: 'detached' });
    assert.equal((await api(page, 'GET', `/api/properties/${villa.id}`)).status, 404);
    await assertAccessible(page, 'the delete toast with Undo');
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Restored from the trash');
    await row(page, 'Undo Villa').waitFor();
    const { status, body } = await api(page, 'GET', `/api/properties/${villa.id}`);
    assert.equal(status, 200);
    assert.equal(body.titleEn, 'Undo Villa', 'the same listing, under its id');
    await page.context().close();
  });

  test('the Trash screen restores a listing with its photos, and purges after asking', async () => {
    const page = await signedInPage(env);
    const catalog = await catalogOf(page);
    const photos = [
      await uploadImage(page, gradientPng(64, 48, [200, 120, 60], [240, 200, 120])),
      await uploadImage(page, gradientPng(64, 48, [60, 120, 200], [120, 200, 240])),
    ];
    const villa = await create(page, '/api/properties', listing(catalog, { titleEn: 'Photo Villa', images: photos }));
    const flat = await create(page, '/api/properties', listing(catalog, { titleEn: 'Gone Flat' }));
    const land = await create(page, '/api/categories', { nameEn: 'Farmland', nameAr: 'أراضٍ زراعية' });
    for (const path of [`/api/properties/${villa.id}`, `/api/properties/${flat.id}`, `/api/categories/${land.id}`]) {
      assert.equal((await api(page, 'DELETE', path)).status, 204);
    }

    await page.getByRole('link', { name: 'Trash', exact: true }).click();
    await page.getByRole('heading', { name: 'Trash', level: 1 }).waitFor();
    await page.getByRole('heading', { name: '3 deleted records' }).waitFor();
    await row(page, 'Photo Villa').getByText('admin', { exact: true }).waitFor();
    await assertAccessible(page, 'the Trash screen');
    await settle(page);
    await screenshot(page, 'trash', { docs: true });

    await page.getByLabel('Area', { exact: true }).selectOption('category');
    await page.getByRole('heading', { name: '1 deleted record' }).waitFor();
    await row(page, 'Farmland').waitFor();
    await page.getByLabel('Area', { exact: true }).selectOption('');
    await page.getByRole('searchbox', { name: 'Search deleted records...' }).fill('photo');
    await page.getByRole('heading', { name: '1 deleted record' }).waitFor();
    await row(page, 'Photo Villa').getByRole('button', { name: 'Restore Photo Villa' }).click();
    await expectToast(page, 'Restored 1 record');
    await page.getByText('The trash is empty.', { exact: true }).waitFor();
    const { body: restored } = await api(page, 'GET', `/api/properties/${villa.id}`);
    assert.deepEqual(restored.images, photos, 'the photos came back with it, in order');
    for (const photo of photos) {
      assert.equal((await page.request.get(photo)).status(), 200, `${photo} is still served`);
    }
    await dismissToasts(page);

    await page.getByRole('searchbox', { name: 'Search deleted records...' }).fill('');
    await row(page, 'Gone Flat').getByRole('button', { name: 'Purge Gone Flat for good' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Purge for good?' });
    await confirm.getByText('“Gone Flat” will be deleted for good. This action cannot be undone.').waitFor();
    await assertAccessible(page, 'the purge confirmation');
    await confirm.getByRole('button', { name: 'Purge' }).click();
    await expectToast(page, 'Purged for good');
    await row(page, 'Gone Flat').waitFor({ state: 'detached' });
    assert.equal((await api(page, 'POST', `/api/trash/property/${flat.id}/restore`)).status, 404);

    // The user's stored choice of language wins after sign-in (issue 23).
    const preferences = await page.request.put('/api/account/preferences', {
      headers: { Origin: new URL(page.url()).origin },
      data: { language: 'ar', numerals: 'latin' },
    });
    assert.equal(preferences.status(), 200);
    await page.goto('/trash');
    await page.getByRole('heading', { name: 'سلة المحذوفات', level: 1 }).waitFor();
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
    await row(page, 'Farmland').waitFor();
    await assertAccessible(page, 'the Trash screen in Arabic');
    await settle(page);
    await screenshot(page, 'arabic-trash', { docs: true });
    await page.context().close();
  });
});
