// What the property form's browser tests share: a catalog with a cascade of locations and
// features, listings made through the API, slowed uploads, and the form's toasts, tabs and
// thumbnails.
import assert from 'node:assert/strict';
import { before } from 'node:test';

import { toast } from './browser.mjs';
import { api as call } from './listings.mjs';
import { signedInPage as adminPage } from './pages.mjs';
import { serverAndBrowser } from './server.mjs';

/// Calls the API from the page, with its session cookie, and answers the body; fails the
/// test when the server refuses.
export async function api(page, method, path, body) {
  const answer = await call(page, method, path, body);
  assert.ok(answer.status < 300, `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/// Slows the page's uploads to about 300 kB/s, so the progress bar is there to be seen.
export async function slowUploads(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 300_000,
  });
  return session;
}

export async function expectToast(page, title, description) {
  await toast(page).getByText(title).waitFor();
  if (description !== undefined) await toast(page).getByText(description).waitFor();
}

export function thumbnails(page) {
  return page.getByRole('list', { name: 'Images' }).getByRole('img');
}

export async function thumbnailSources(page) {
  return thumbnails(page).evaluateAll((images) => images.map((image) => image.getAttribute('src')));
}

export async function openTab(page, name) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/// Waits until the select labelled `label` shows `text` as its chosen option.
export async function expectChosen(page, label, text) {
  const select = page.getByLabel(label);
  await page.waitForFunction(
    ({ element, text }) => element.selectedOptions[0]?.textContent === text,
    { element: await select.elementHandle(), text },
  );
}

/// Opens the list's edit dialog of the listing titled `title`.
export async function editFromList(page, title) {
  await page.goto('/properties');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Property' });
  await dialog.getByLabel('Title (English)', { exact: true }).waitFor();
  return dialog;
}

/// A server and browser for the tests of one `describe`, with the catalog the form picks
/// from made before them: answers that catalog, a signed-in page and a listing maker.
export function propertyFormFixture() {
  const env = serverAndBrowser();
  const catalog = {};

  const signedInPage = () => adminPage(env);

  before(async () => {
    const page = await signedInPage();
    catalog.residential = await api(page, 'POST', '/api/categories', { nameEn: 'Residential', nameAr: 'سكني' });
    catalog.investment = await api(page, 'POST', '/api/categories', { nameEn: 'Investment', nameAr: 'استثماري' });
    catalog.apartment = await api(page, 'POST', '/api/property-types', { nameEn: 'Apartment', nameAr: 'شقة' });
    catalog.villa = await api(page, 'POST', '/api/property-types', { nameEn: 'Villa', nameAr: 'فيلا' });
    catalog.jordan = await api(page, 'POST', '/api/countries', { code: 'JO', nameEn: 'Jordan', nameAr: 'الأردن' });
    catalog.uae = await api(page, 'POST', '/api/countries', { code: 'AE', nameEn: 'United Arab Emirates', nameAr: 'الإمارات' });
    catalog.amman = await api(page, 'POST', '/api/cities', { countryId: catalog.jordan.id, nameEn: 'Amman', nameAr: 'عمّان' });
    catalog.irbid = await api(page, 'POST', '/api/cities', { countryId: catalog.jordan.id, nameEn: 'Irbid', nameAr: 'إربد' });
    catalog.dubai = await api(page, 'POST', '/api/cities', { countryId: catalog.uae.id, nameEn: 'Dubai', nameAr: 'دبي' });
    catalog.abdoun = await api(page, 'POST', '/api/regions', { cityId: catalog.amman.id, nameEn: 'Abdoun', nameAr: 'عبدون' });
    catalog.garden = await api(page, 'POST', '/api/property-features', { nameEn: 'Garden', nameAr: 'حديقة', category: 'general' });
    catalog.laundry = await api(page, 'POST', '/api/property-features', {
      nameEn: 'Shared laundry',
      nameAr: 'مغسلة مشتركة',
      category: 'amenities',
    });
    catalog.rooftop = await api(page, 'POST', '/api/property-features', { nameEn: 'Rooftop pool', nameAr: 'مسبح على السطح', category: 'luxury' });
    await page.context().close();
  });

  /// A listing made through the API, as the comprehensive form would send it.
  async function listing(page, overrides = {}) {
    return api(page, 'POST', '/api/properties', {
      titleEn: 'Sea view villa',
      titleAr: 'فيلا بإطلالة بحرية',
      descriptionEn: 'Four bedrooms and a garden.',
      descriptionAr: 'أربع غرف نوم وحديقة.',
      price: 500000,
      currency: 'USD',
      area: 320,
      countryId: catalog.jordan.id,
      cityId: catalog.amman.id,
      regionId: catalog.abdoun.id,
      locationEn: 'Abdoun, Amman, Jordan',
      locationAr: 'عبدون، عمّان، الأردن',
      categoryId: catalog.residential.id,
      typeId: catalog.villa.id,
      status: 'active',
      displayType: 'public',
      buildingTypeNew: 'Villa',
      images: [],
      ...overrides,
    });
  }


  return { catalog, signedInPage, listing };
}
