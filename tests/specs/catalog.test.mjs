// The catalog screens in a real browser against the real server: categories with an
// uploaded image, property types, the Management tabs (country → city → region and the
// 409 on deleting a country that still has cities), the feature tabs, and the parity of
// the messages the browser's rules show with the server's for the same input
// (core-panel.md §2, §7–§9; site-content.md §2, §7, §8).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { expectToast, newPage, screenshot, signIn, toast } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

// A real 1x1 PNG, so the server's content check accepts it as an image.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const LONG_DESCRIPTION = 'Homes for families: apartments, villas and townhouses close to schools and parks.';

/// Calls the API from the page, with its session cookie, and answers status and body.
function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : JSON.parse(text) };
    },
    { method, path, body },
  );
}

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

function row(page, text) {
  return page.getByRole('row').filter({ hasText: text });
}

/// Lets the page come to rest before a screenshot: no toast over it, no transition under way.
async function settle(page) {
  const close = toast(page).getByRole('button', { name: 'Close' });
  if ((await close.count()) > 0) await close.first().click();
  await toast(page).first().waitFor({ state: 'detached', timeout: 2000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function signedInPage(browser, server) {
  const page = await newPage(browser, server.url);
  await signIn(page, ADMIN);
  return page;
}

describe('the catalog', () => {
  const env = serverAndBrowser();
  let files;

  before(async () => {
    files = mkdtempSync(join(tmpdir(), 'aqar-catalog-'));
  });

  after(async () => {
    if (files !== undefined) rmSync(files, { recursive: true, force: true });
  });

  test('a category with an uploaded image is created, edited, searched, paged through and deleted', async () => {
    const page = await signedInPage(env.browser, env.server);
    const png = join(files, 'villa.png');
    writeFileSync(png, PNG_1X1);

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

  test('a property type is created and deleted on its own page', async () => {
    const page = await signedInPage(env.browser, env.server);
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

  test('a country → city → region chain is built, and deleting the country first is refused', async () => {
    const page = await signedInPage(env.browser, env.server);
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

  test('a feature is created and edited in each tab', async () => {
    const page = await signedInPage(env.browser, env.server);
    await page.goto('/features-management');
    const groups = [
      ['Luxury Features', 'luxury', 'Private Pool', 'مسبح خاص'],
      ['Basic Amenities', 'amenities', 'Parking', 'موقف سيارات'],
      ['General Features', 'general', 'Garden', 'حديقة'],
    ];
    for (const [tab, category, nameEn, nameAr] of groups) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByText('No features found. Click "Add Feature" to create one.', { exact: true }).waitFor();
      await assertAccessible(page, `features, ${tab} tab`);
      await page.getByRole('button', { name: 'Add Feature' }).click();
      const card = page.getByRole('form', { name: 'New Feature' });
      await assertAccessible(page, `features, ${tab} tab with the New Feature card`);
      assert.equal(await card.getByLabel('Icon').inputValue(), 'fi fi-rr-star');
      assert.equal(await card.getByLabel('Category').inputValue(), category);
      const save = card.getByRole('button', { name: 'Save' });
      assert.equal(await save.isDisabled(), true);
      await card.getByLabel('Name (English)').fill(nameEn);
      await card.getByLabel('Name (Arabic)').fill(nameAr);
      assert.equal(await save.isEnabled(), true);
      await save.click();
      await expectToast(page, 'Feature created successfully');
      await row(page, nameEn).waitFor();

      await row(page, nameEn).getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('form', { name: 'Edit Feature' });
      await assertAccessible(page, `features, ${tab} tab with the Edit Feature card`);
      await edit.getByLabel('Name (English)').fill(`${nameEn} Plus`);
      await edit.getByLabel('Icon').fill('fi fi-rr-home');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Feature updated successfully');
      await row(page, `${nameEn} Plus`).getByText('fi fi-rr-home', { exact: true }).waitFor();
    }
    const stored = await api(page, 'GET', '/api/property-features');
    assert.deepEqual(
      stored.body.map(({ nameEn, category, icon }) => [nameEn, category, icon]).sort(),
      groups.map(([, category, nameEn]) => [`${nameEn} Plus`, category, 'fi fi-rr-home']).sort(),
    );
    await page.getByRole('tab', { name: 'Luxury Features' }).click();
    await row(page, 'Private Pool Plus').waitFor();
    await settle(page);
    await assertAccessible(page, 'features with a row in each tab');
    await screenshot(page, 'features', { docs: true });

    // Two listings have the feature selected: the confirmation says so, and the delete
    // takes it off both (site §3).
    const pool = stored.body.find((feature) => feature.nameEn === 'Private Pool Plus');
    const category = await api(page, 'POST', '/api/categories', { nameEn: 'Coastal', nameAr: 'ساحلي' });
    const type = await api(page, 'POST', '/api/property-types', { nameEn: 'Chalet', nameAr: 'شاليه' });
    const country = await api(page, 'POST', '/api/countries', { nameEn: 'Cyprus', nameAr: 'قبرص', code: 'CY' });
    const city = await api(page, 'POST', '/api/cities', { nameEn: 'Larnaca', nameAr: 'لارنكا', countryId: country.body.id });
    const listings = [];
    for (const titleEn of ['Beach Chalet', 'Marina Chalet']) {
      const created = await api(page, 'POST', '/api/properties', {
        titleEn,
        titleAr: 'شاليه',
        descriptionEn: 'By the sea',
        descriptionAr: 'على البحر',
        price: 90000,
        currency: 'USD',
        area: 80,
        countryId: country.body.id,
        cityId: city.body.id,
        locationEn: 'Larnaca, Cyprus',
        locationAr: 'لارنكا، قبرص',
        categoryId: category.body.id,
        typeId: type.body.id,
        buildingTypeNew: 'Chalet',
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const selected = await api(page, 'POST', `/api/properties/${created.body.id}/features`, { featureIds: [pool.id] });
      assert.equal(selected.status, 200);
      listings.push(created.body);
    }
    await row(page, 'Private Pool Plus').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await confirm.getByText('Are you sure you want to delete this feature?', { exact: false }).waitFor();
    await confirm.getByText('Used by 2 listings, which will lose it.', { exact: false }).waitFor();
    await assertAccessible(page, 'the feature delete confirmation with its count');
    await screenshot(page, 'feature-delete-count');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Feature deleted successfully');
    for (const listing of listings) {
      const features = await api(page, 'GET', `/api/properties/${listing.id}/features`);
      assert.deepEqual(features.body, [], `${listing.titleEn} lost the feature`);
    }
    await page.context().close();
  });

  test("the messages under the fields are the server's for the same input", async () => {
    const page = await signedInPage(env.browser, env.server);
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
