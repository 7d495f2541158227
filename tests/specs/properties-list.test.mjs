// The properties list in a real browser against the real server: paging through 25
// listings on the server, Arabic search folded by the server, ordering, duplicate with
// the original's features, and delete — gone at once, back when the server refuses
// (a 500 by route interception, a stale If-Match) — with axe on each state
// (core-panel.md §2 Properties list, §4, §8; issue 8).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { expectToast, screenshot, toast } from '../support/browser.mjs';
import { api, create, createCatalog, listing } from '../support/listings.mjs';
import { signedInPage } from '../support/pages.mjs';
import { gradientPng } from '../support/pictures.mjs';
import { serverAndBrowser } from '../support/server.mjs';

const TITLES = Array.from({ length: 25 }, (_, index) => `Listing ${String(index + 1).padStart(2, '0')}`);

/// A small single-colour PNG, so that listings have real covers to scale.
const png = (r, g, b, size = 64) => gradientPng(size, size, [r, g, b], [r, g, b], -1);

async function uploadImage(page, bytes) {
  const response = await page.request.post('/api/upload-images', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { images: { name: 'cover.png', mimeType: 'image/png', buffer: bytes } },
  });
  assert.equal(response.status(), 201, await response.text());
  const { images } = await response.json();
  return images[0];
}

function table(page) {
  return page.getByRole('table', { name: 'Properties' });
}

function row(page, title) {
  return table(page).getByRole('row').filter({ hasText: title });
}

/// The English titles of the rows shown, in order.
async function titlesShown(page) {
  const rows = table(page).locator('tbody tr');
  const titles = [];
  for (let index = 0; index < (await rows.count()); index += 1) {
    titles.push((await rows.nth(index).locator('td').nth(3).locator('p').first().innerText()).trim());
  }
  return titles;
}

async function showing(page, text) {
  await page.getByText(text, { exact: true }).waitFor();
}

async function dismissToast(page) {
  const close = toast(page).getByRole('button', { name: 'Close' });
  if ((await close.count()) > 0) await close.first().click();
  await toast(page).first().waitFor({ state: 'detached', timeout: 2000 }).catch(() => undefined);
}

describe('the properties list', () => {
  const env = serverAndBrowser();
  let catalog;
  const created = new Map();

  before(async () => {
    const page = await signedInPage(env);
    catalog = await createCatalog(page);
    const covers = [await uploadImage(page, png(37, 99, 235)), await uploadImage(page, png(16, 185, 129)), await uploadImage(page, png(245, 158, 11))];
    for (const [index, title] of TITLES.entries()) {
      const property = await create(
        page,
        '/api/properties',
        listing(catalog, {
          titleEn: title,
          titleAr: `عقار ${index + 1}`,
          propertyNumber: `#${1001 + index}`,
          price: 50000 + ((index * 7919) % 25) * 10000,
          status: ['active', 'pending', 'sold'][index % 3],
          continent: index % 4 === 0 ? 'Europe' : 'Asia',
          images: index % 2 === 0 ? [covers[index % 3]] : [],
        }),
      );
      created.set(title, property);
    }
    await page.context().close();
  });

  test('pages through 25 listings on the server, and the address keeps the page', async () => {
    const page = await signedInPage(env);
    const pages = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      // The list's pages (the dashboard just left asks for its three newest too).
      if (url.pathname === '/api/properties' && url.searchParams.get('pageSize') === '10') pages.push(url.search);
    });
    await page.goto('/properties');
    await page.getByRole('heading', { name: 'Properties' }).waitFor();
    await page.getByText('Manage your property listings', { exact: true }).waitFor();
    await showing(page, 'Showing 1 to 10 of 25 results');
    await assertAccessible(page, 'the properties list');

    const seen = await titlesShown(page);
    assert.equal(seen.length, 10);
    await page.getByRole('button', { name: 'Next' }).click();
    await showing(page, 'Showing 11 to 20 of 25 results');
    assert.equal(new URL(page.url()).search, '?page=2');
    seen.push(...(await titlesShown(page)));
    await page.getByRole('button', { name: 'Next' }).click();
    await showing(page, 'Showing 21 to 25 of 25 results');
    seen.push(...(await titlesShown(page)));
    assert.ok(await page.getByRole('button', { name: 'Next' }).isDisabled());
    assert.deepEqual([...seen].sort(), TITLES, 'every listing once across the three pages');
    assert.deepEqual(pages, ['?page=1&pageSize=10', '?page=2&pageSize=10', '?page=3&pageSize=10']);

    // The page survives a reload, and Back shows the page before.
    await page.reload();
    await showing(page, 'Showing 21 to 25 of 25 results');
    await page.goBack();
    await showing(page, 'Showing 11 to 20 of 25 results');

    // Columns: number, a 160-pixel cover or 'No Image', category, price with currency, status.
    await page.goto('/properties?sort=propertyNumber');
    await showing(page, 'Showing 1 to 10 of 25 results');
    const first = row(page, 'Listing 01');
    await first.getByText('#1001', { exact: true }).waitFor();
    const cover = first.getByRole('img', { name: 'Listing 01' });
    assert.match(await cover.getAttribute('src'), /^\/media\/[0-9a-f]{64}\.png\?w=160$/);
    await row(page, 'Listing 02').getByText('No Image', { exact: true }).waitFor();
    await first.getByText('Residential', { exact: true }).waitFor();
    await first.getByText('Europe', { exact: true }).waitFor();
    await first.getByText(`${(50000).toLocaleString('en-US')} JOD`, { exact: true }).waitFor();
    await first.getByText('Active', { exact: true }).waitFor();
    await row(page, 'Listing 02').getByText('Pending', { exact: true }).waitFor();
    await screenshot(page, 'properties', { docs: true });
    await page.context().close();
  });

  test('orders by price on the server, cheapest first, then dearest first', async () => {
    const page = await signedInPage(env);
    await page.goto('/admin/properties');
    await showing(page, 'Showing 1 to 10 of 25 results');

    await table(page).getByRole('button', { name: 'Price' }).click();
    await page.waitForURL((url) => url.search === '?sort=price');
    const prices = [...created.values()].map((property) => property.price).sort((a, b) => a - b);
    const firstRowIsOneOf = (names) =>
      page.waitForFunction(
        (expected) => expected.includes(document.querySelector('tbody tr td:nth-child(4) p')?.textContent?.trim()),
        names,
      );
    const cheapest = [...created.values()].filter((property) => property.price === prices[0]).map((p) => p.titleEn);
    await firstRowIsOneOf(cheapest);
    await row(page, `${prices[0].toLocaleString('en-US')} JOD`).first().waitFor();

    await table(page).getByRole('button', { name: 'Price' }).click();
    await page.waitForURL((url) => url.search === '?sort=-price');
    const dearest = [...created.values()].filter((property) => property.price === prices.at(-1)).map((p) => p.titleEn);
    await firstRowIsOneOf(dearest);
    assert.equal(await table(page).getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort'), 'descending');
    await page.context().close();
  });

  test('finds an Arabic title folded (marks, ta marbuta), typed in Arabic', async () => {
    const page = await signedInPage(env);
    await create(
      page,
      '/api/properties',
      listing(catalog, { titleEn: 'Sea View Flat', titleAr: 'شقّة مطلّة على البحر', locationAr: 'العقبة، الأردن' }),
    );
    await page.goto('/properties');
    await showing(page, 'Showing 1 to 10 of 26 results');

    await page.getByRole('searchbox').fill('شقه مطله');
    await showing(page, 'Showing 1 to 1 of 1 results');
    await row(page, 'Sea View Flat').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('q'), 'شقه مطله');
    await assertAccessible(page, 'the properties list, searched in Arabic');

    await page.getByRole('searchbox').fill('nothing like it');
    await page.getByText('No results found', { exact: true }).waitFor();
    await page.context().close();
  });

  test("duplicates a listing with its features: 'Property duplicated successfully'", async () => {
    const page = await signedInPage(env);
    const garden = await create(page, '/api/property-features', {
      nameEn: 'Garden',
      nameAr: 'حديقة',
      icon: 'fi fi-rr-leaf',
      category: 'general',
      displayOrder: 1,
      isActive: true,
    });
    const original = await create(
      page,
      '/api/properties',
      listing(catalog, { titleEn: 'Garden Villa', titleAr: 'فيلا مع حديقة', propertyNumber: '#77', price: 420000 }),
    );
    await create(page, `/api/properties/${original.id}/features`, { featureIds: [garden.id] });
    await page.goto('/properties?q=Garden%20Villa');
    await showing(page, 'Showing 1 to 1 of 1 results');

    await row(page, 'Garden Villa').getByRole('button', { name: 'Duplicate' }).click();
    await expectToast(page, 'Property duplicated successfully');
    await showing(page, 'Showing 1 to 2 of 2 results');
    await row(page, 'Garden Villa (Copy)').waitFor();
    await assertAccessible(page, 'the properties list with the duplicate toast');

    const { body: copies } = await api(page, 'GET', `/api/properties?q=${encodeURIComponent('Garden Villa (Copy)')}`);
    assert.equal(copies.length, 1);
    const [copy] = copies;
    assert.notEqual(copy.id, original.id);
    assert.equal(copy.titleAr, 'فيلا مع حديقة (نسخة)');
    assert.equal(copy.propertyNumber ?? null, null);
    assert.equal(copy.price, 420000);
    const { body: features } = await api(page, 'GET', `/api/properties/${copy.id}/features`);
    assert.deepEqual(features.map((feature) => feature.id), [garden.id]);
    await page.context().close();
  });

  test('delete removes the row at once and puts it back when the server refuses', async () => {
    const page = await signedInPage(env);
    const doomed = await create(page, '/api/properties', listing(catalog, { titleEn: 'Doomed Duplex', titleAr: 'دوبلكس' }));
    await page.goto('/properties?q=Doomed');
    await showing(page, 'Showing 1 to 1 of 1 results');

    // A 500, held until the row is seen gone.
    let held;
    const refused = new Promise((resolve) => {
      held = resolve;
    });
    await page.route(`**/api/properties/${doomed.id}`, async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      assert.equal(route.request().headers()['if-match'], '"1"');
      await refused;
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) });
    });
    await row(page, 'Doomed Duplex').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await confirm.getByText('Are you sure you want to delete this item? This action cannot be undone.', { exact: true }).waitFor();
    await assertAccessible(page, 'the Confirm Delete dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await row(page, 'Doomed Duplex').waitFor({ state: 'detached' });
    await page.getByText('No results found', { exact: true }).waitFor();
    held();
    await expectToast(page, 'Failed to delete property', 'Database unavailable');
    await row(page, 'Doomed Duplex').waitFor();
    await assertAccessible(page, 'the properties list after a refused delete');
    await page.unroute(`**/api/properties/${doomed.id}`);
    await dismissToast(page);

    // Someone else edits it meanwhile: the delete carries the old version and is refused (412).
    const { status } = await api(page, 'PUT', `/api/properties/${doomed.id}`, listing(catalog, { titleEn: 'Doomed Duplex Renamed', titleAr: 'دوبلكس' }), { 'If-Match': '"1"' });
    assert.equal(status, 200);
    await row(page, 'Doomed Duplex').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Failed to delete property');
    await row(page, 'Doomed Duplex Renamed').waitFor();
    assert.equal((await api(page, 'GET', `/api/properties/${doomed.id}`)).status, 200, 'still there');
    await dismissToast(page);

    // Now with the version the list read again: deleted.
    await row(page, 'Doomed Duplex Renamed').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Property deleted successfully');
    await page.getByText('No results found', { exact: true }).waitFor();
    assert.equal((await api(page, 'GET', `/api/properties/${doomed.id}`)).status, 404);
    await page.context().close();
  });

  test("the add dialog has its title and description, and the dashboard counts the listings", async () => {
    const page = await signedInPage(env);
    const { body: stats } = await api(page, 'GET', '/api/stats');
    await page.goto('/properties');
    await page.getByRole('button', { name: 'Add Property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Property' });
    await dialog.getByText('Add a new property to your listings', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Create Property' }).waitFor();
    await assertAccessible(page, 'the add property dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await row(page, 'Listing').first().getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Property' });
    await edit.getByText('Update property information and settings', { exact: true }).waitFor();
    await edit.getByRole('button', { name: 'Update Property' }).waitFor();
    await edit.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    const badge = page.getByRole('navigation').getByRole('link', { name: /Properties/ });
    await badge.getByText(String(stats.totalProperties), { exact: true }).waitFor();
    await page.getByText('Recent Properties', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'View All' }).and(page.locator('[href="/properties"]')).waitFor();
    await assertAccessible(page, 'the dashboard with figures and recent properties');
    await screenshot(page, 'dashboard', { docs: true });
    await page.context().close();
  });
});
