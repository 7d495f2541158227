// The comprehensive property form in a real browser against the real server (core-panel
// §2 Property form and Location picker, §4 saving, §5 image URL, §8 toasts): a listing
// added through the Sale card with every tab filled and photos uploading behind a progress
// bar, an edit with its features preselected, the image-URL rule's exact message, images
// reordered by drag and by keyboard, the location cascade's clears, a cancelled upload,
// and axe on every tab.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';

import { assertAccessible } from '../support/axe.mjs';
import { dismissToasts, newPage, screenshot, signIn, toast } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

const URL_REJECTED = 'Invalid Image URL: Please enter a valid image URL (JPG, PNG, WebP, GIF)';

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/// A real RGB PNG: a vertical gradient between two colours, stored without compression so
/// that a large one takes a while to send.
function gradientPng(width, height, from, to) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const share = y / Math.max(1, height - 1);
    const pixel = from.map((start, channel) => Math.round(start + (to[channel] - start) * share));
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(pixel, 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level: 0 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const SMALL_PNG = { name: 'front.png', mimeType: 'image/png', buffer: gradientPng(48, 32, [250, 204, 140], [214, 120, 60]) };
const LARGE_PNG = { name: 'garden.png', mimeType: 'image/png', buffer: gradientPng(700, 700, [120, 180, 240], [60, 140, 80]) };

/// Calls the API from the page, with its session cookie, and answers status and body.
async function api(page, method, path, body) {
  const answer = await page.evaluate(
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
  assert.ok(answer.status < 300, `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/// Answers the outside image URLs the tests add with a local picture: the test machine has
/// no way out, and a broken image would stand in the screenshots.
async function serveOutsideImages(page) {
  const picture = gradientPng(64, 48, [190, 220, 250], [230, 200, 150]);
  await page.route(/^https:\/\/(images\.unsplash\.com|cdn\.example\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: picture }),
  );
}

/// Slows the page's uploads to about 300 kB/s, so the progress bar is there to be seen.
async function slowUploads(page) {
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

async function expectToast(page, title, description) {
  await toast(page).getByText(title).waitFor();
  if (description !== undefined) await toast(page).getByText(description).waitFor();
}

/// Brings the form's tabs to the top of the screen, for a screenshot of the tab's beginning.
async function showTabs(page) {
  await page.getByRole('tablist').evaluate((tabs) => tabs.scrollIntoView({ block: 'start' }));
}

/// Closes the toast and lets animations end, so screenshots and axe see the page itself.
async function settle(page) {
  const close = toast(page).getByRole('button', { name: 'Close' });
  if ((await close.count()) > 0) await close.first().click();
  await toast(page).first().waitFor({ state: 'detached', timeout: 2000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

function thumbnails(page) {
  return page.getByRole('list', { name: 'Images' }).getByRole('img');
}

async function thumbnailSources(page) {
  return thumbnails(page).evaluateAll((images) => images.map((image) => image.getAttribute('src')));
}

async function openTab(page, name) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/// Waits until the select labelled `label` shows `text` as its chosen option.
async function expectChosen(page, label, text) {
  const select = page.getByLabel(label);
  await page.waitForFunction(
    ({ element, text }) => element.selectedOptions[0]?.textContent === text,
    { element: await select.elementHandle(), text },
  );
}

describe('the property form', () => {
  const env = serverAndBrowser();
  const catalog = {};

  async function signedInPage() {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    return page;
  }

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

  /// Opens the list's edit dialog of the listing titled `title`.
  async function editFromList(page, title) {
    await page.goto('/properties');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Property' });
    await dialog.getByLabel('Title (English)', { exact: true }).waitFor();
    return dialog;
  }

  test('adds a listing through the Sale card with every tab filled, photos uploading behind a progress bar', async () => {
    const page = await signedInPage();
    await serveOutsideImages(page);
    await page.goto('/add-property');
    await page.getByRole('button', { name: 'Property for Sale' }).click();
    await page.getByLabel('Title (English)', { exact: true }).waitFor();
    await expectChosen(page, 'Category', 'Residential / سكني');

    // Basic Info
    await page.getByLabel('Property Number', { exact: true }).fill('#A-101');
    await page.getByLabel('Title (English)', { exact: true }).fill('Garden flat in Abdoun');
    await page.getByLabel('Title (Arabic)', { exact: true }).fill('شقة مع حديقة في عبدون');
    await page.getByLabel('Description (English)', { exact: true }).fill('Three bedrooms, a private garden and a view of the city.');
    await page.getByLabel('Description (Arabic)', { exact: true }).fill('ثلاث غرف نوم وحديقة خاصة وإطلالة على المدينة.');
    assert.equal(await page.getByLabel('Title (Arabic)', { exact: true }).getAttribute('dir'), 'rtl');
    assert.equal(await page.getByLabel('Description (Arabic)', { exact: true }).getAttribute('dir'), 'rtl');
    await page.getByLabel('Price', { exact: true }).fill('350000.5');
    await page.getByLabel('Currency', { exact: true }).selectOption('JOD');
    await page.getByLabel('Area (sq m)', { exact: true }).fill('180');
    await page.getByLabel('Plot Area (sq m)', { exact: true }).fill('400');
    await page.getByLabel('Built Area (sq m)', { exact: true }).fill('200');
    await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Jordan / الأردن' });
    await page.getByRole('option', { name: 'Amman / عمّان' }).waitFor({ state: 'attached' });
    await page.getByLabel('City', { exact: true }).selectOption({ label: 'Amman / عمّان' });
    await page.getByRole('option', { name: 'Abdoun / عبدون' }).waitFor({ state: 'attached' });
    await page.getByLabel('Region', { exact: true }).selectOption({ label: 'Abdoun / عبدون' });
    assert.equal(await page.getByLabel('Location (English)', { exact: true }).inputValue(), 'Abdoun, Amman, Jordan');
    assert.equal(await page.getByLabel('Location (Arabic)', { exact: true }).inputValue(), 'عبدون، عمّان، الأردن');
    assert.equal(await page.getByLabel('Location (Arabic)', { exact: true }).getAttribute('dir'), 'rtl');
    await page.getByLabel('Continent', { exact: true }).selectOption({ label: 'Asia' });
    await page.getByLabel('Property Type', { exact: true }).selectOption({ label: 'Apartment / شقة' });
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Pending' });
    await page.getByLabel('Orientation', { exact: true }).selectOption({ label: 'Southeast' });
    await page.getByLabel('Featured on homepage', { exact: true }).check();
    await assertAccessible(page, 'property form, Basic Info');
    await showTabs(page);
    await screenshot(page, 'property-form-basic-info', { docs: true });

    // Details
    await openTab(page, 'Details');
    await page.getByLabel('Building Type', { exact: true }).selectOption({ label: 'Apartment' });
    await page.getByLabel('Year Built', { exact: true }).fill('2015');
    await page.getByLabel('Building Condition', { exact: true }).selectOption({ label: 'Renovated' });
    await page.getByLabel('Floors in Building', { exact: true }).fill('8');
    await page.getByLabel('Floor Number (unit)', { exact: true }).fill('3');
    await page.getByLabel('Apartments per Floor', { exact: true }).fill('4');
    await page.getByLabel('Parking Spaces Available', { exact: true }).fill('2');
    await page.getByLabel('Elevators available', { exact: true }).check();
    await page.getByLabel('Fire safety system', { exact: true }).check();
    await page.getByLabel('Hotel-style entrance', { exact: true }).check();
    await page.getByLabel('Bedrooms', { exact: true }).fill('3');
    await page.getByLabel('Master Bedrooms', { exact: true }).fill('1');
    await page.getByLabel('Bathrooms', { exact: true }).fill('2');
    await page.getByLabel('Balconies', { exact: true }).fill('1');
    await assertAccessible(page, 'property form, Details');
    await showTabs(page);
    await screenshot(page, 'property-form-details', { docs: true });

    // Features
    await openTab(page, 'Features');
    await page.getByLabel('Parking space', { exact: true }).check();
    await page.getByLabel('Central air conditioning', { exact: true }).check();
    await page.getByLabel('Smart home system', { exact: true }).check();
    await page.getByLabel('Garden', { exact: true }).check();
    await page.getByLabel('Rooftop pool', { exact: true }).check();
    await assertAccessible(page, 'property form, Features');
    await showTabs(page);
    await screenshot(page, 'property-form-features', { docs: true });

    // Media: two photos in one batch, sent slowly enough to watch the bar move.
    await openTab(page, 'Media');
    const network = await slowUploads(page);
    await page.getByLabel('Upload Images', { exact: true }).setInputFiles([LARGE_PNG, SMALL_PNG]);
    const bar = page.getByRole('progressbar', { name: 'Uploading images' });
    await bar.waitFor();
    await page.waitForFunction(
      (element) => Number(element.getAttribute('aria-valuenow')) > 0,
      await bar.elementHandle(),
    );
    await showTabs(page);
    await screenshot(page, 'property-form-media-uploading', { docs: true });
    assert.ok(await page.getByRole('button', { name: 'Cancel upload' }).isVisible(), 'the batch can be cancelled');
    assert.ok(await page.getByRole('button', { name: 'Create Property' }).isDisabled(), 'saving waits for the upload');
    await assertAccessible(page, 'property form, Media with an upload under way');
    await bar.waitFor({ state: 'detached', timeout: 30_000 });
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expectToast(page, 'Images uploaded successfully');
    await settle(page);
    await page.getByLabel('Image URL', { exact: true }).fill('https://images.unsplash.com/photo-1560448204');
    await page.getByRole('button', { name: 'Add Image' }).click();
    assert.equal(await thumbnails(page).count(), 3);
    await page.getByLabel('Video URL', { exact: true }).fill('https://video.example.com/tour.mp4');
    await page.getByLabel('Virtual Tour URL', { exact: true }).fill('https://tour.example.com/garden-flat');
    await thumbnails(page).evaluateAll((images) =>
      Promise.all(images.map((image) => (image.complete ? null : new Promise((done) => image.addEventListener('load', done))))),
    );
    await assertAccessible(page, 'property form, Media');
    await showTabs(page);
    await screenshot(page, 'property-form-media', { docs: true });

    // Financial
    await openTab(page, 'Financial');
    await page.getByLabel('Maintenance Fee (monthly)', { exact: true }).fill('150.75');
    await page.getByLabel('Property Tax (annual)', { exact: true }).fill('1234567.89');
    await assertAccessible(page, 'property form, Financial');
    await showTabs(page);
    await screenshot(page, 'property-form-financial', { docs: true });

    await page.getByRole('button', { name: 'Create Property' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/properties');
    await expectToast(page, 'Property created successfully!');

    const [saved] = (await api(page, 'GET', '/api/properties')).filter((p) => p.titleEn === 'Garden flat in Abdoun');
    assert.ok(saved, 'the listing was created');
    assert.deepEqual(
      {
        propertyNumber: saved.propertyNumber,
        titleAr: saved.titleAr,
        price: saved.price,
        currency: saved.currency,
        area: saved.area,
        plotArea: saved.plotArea,
        builtArea: saved.builtArea,
        countryId: saved.countryId,
        cityId: saved.cityId,
        regionId: saved.regionId,
        locationEn: saved.locationEn,
        locationAr: saved.locationAr,
        continent: saved.continent,
        categoryId: saved.categoryId,
        typeId: saved.typeId,
        status: saved.status,
        displayType: saved.displayType,
        facing: saved.facing,
        isFeatured: saved.isFeatured,
        buildingTypeNew: saved.buildingTypeNew,
        yearBuilt: saved.yearBuilt,
        buildingCondition: saved.buildingCondition,
        numberOfFloorsInBuilding: saved.numberOfFloorsInBuilding,
        floorNumberUnit: saved.floorNumberUnit,
        apartmentsPerFloor: saved.apartmentsPerFloor,
        parkingSpacesAvailable: saved.parkingSpacesAvailable,
        elevatorsAvailable: saved.elevatorsAvailable,
        fireSafetySystem: saved.fireSafetySystem,
        hotelStyleEntrance: saved.hotelStyleEntrance,
        bedroom: saved.bedroom,
        masterBedroom: saved.masterBedroom,
        bathroom: saved.bathroom,
        balcony: saved.balcony,
        kitchen: saved.kitchen,
        parkingSpace: saved.parkingSpace,
        hasCentralAC: saved.hasCentralAC,
        smartHomeSystem: saved.smartHomeSystem,
        furnished: saved.furnished,
        videoUrl: saved.videoUrl,
        virtualTourUrl: saved.virtualTourUrl,
        maintenanceFee: saved.maintenanceFee,
        propertyTax: saved.propertyTax,
      },
      {
        propertyNumber: '#A-101',
        titleAr: 'شقة مع حديقة في عبدون',
        price: 350000.5,
        currency: 'JOD',
        area: 180,
        plotArea: 400,
        builtArea: 200,
        countryId: catalog.jordan.id,
        cityId: catalog.amman.id,
        regionId: catalog.abdoun.id,
        locationEn: 'Abdoun, Amman, Jordan',
        locationAr: 'عبدون، عمّان، الأردن',
        continent: 'Asia',
        categoryId: catalog.residential.id,
        typeId: catalog.apartment.id,
        status: 'pending',
        displayType: 'public',
        facing: 'southeast',
        isFeatured: true,
        buildingTypeNew: 'Apartment',
        yearBuilt: 2015,
        buildingCondition: 'Renovated',
        numberOfFloorsInBuilding: 8,
        floorNumberUnit: 3,
        apartmentsPerFloor: 4,
        parkingSpacesAvailable: 2,
        elevatorsAvailable: true,
        fireSafetySystem: true,
        hotelStyleEntrance: true,
        bedroom: 3,
        masterBedroom: 1,
        bathroom: 2,
        balcony: 1,
        kitchen: 0,
        parkingSpace: true,
        hasCentralAC: true,
        smartHomeSystem: true,
        furnished: false,
        videoUrl: 'https://video.example.com/tour.mp4',
        virtualTourUrl: 'https://tour.example.com/garden-flat',
        maintenanceFee: 150.75,
        propertyTax: 1234567.89,
      },
    );
    assert.equal(saved.images.length, 3);
    assert.match(saved.images[0], /^\/media\/[0-9a-f]{64}\.png$/, 'the first uploaded photo is the cover');
    assert.match(saved.images[1], /^\/media\/[0-9a-f]{64}\.png$/);
    assert.equal(saved.images[2], 'https://images.unsplash.com/photo-1560448204');
    const selected = await api(page, 'GET', `/api/properties/${saved.id}/features`);
    assert.deepEqual(selected.map((feature) => feature.id).sort(), [catalog.garden.id, catalog.rooftop.id].sort());
    await page.context().close();
  });

  test('edits a listing with its features preselected from the server', async () => {
    const page = await signedInPage();
    const property = await listing(page, { titleEn: 'Villa with a laundry' });
    await api(page, 'POST', `/api/properties/${property.id}/features`, { featureIds: [catalog.garden.id, catalog.laundry.id] });

    const dialog = await editFromList(page, 'Villa with a laundry');
    await openTab(page, 'Features');
    assert.equal(await dialog.getByLabel('Garden', { exact: true }).isChecked(), true);
    assert.equal(await dialog.getByLabel('Shared laundry', { exact: true }).isChecked(), true);
    assert.equal(await dialog.getByLabel('Rooftop pool', { exact: true }).isChecked(), false);
    await assertAccessible(page, 'edit dialog, Features');
    await dialog.getByLabel('Garden', { exact: true }).uncheck();
    await dialog.getByLabel('Rooftop pool', { exact: true }).check();
    await openTab(page, 'Basic Info');
    await dialog.getByLabel('Price', { exact: true }).fill('525000');
    await dialog.getByRole('button', { name: 'Update Property' }).click();

    await expectToast(page, 'Property updated successfully!');
    await dialog.waitFor({ state: 'detached' });
    const saved = await api(page, 'GET', `/api/properties/${property.id}`);
    assert.equal(saved.price, 525000);
    assert.equal(saved.version, property.version + 1);
    const selected = await api(page, 'GET', `/api/properties/${property.id}/features`);
    assert.deepEqual(selected.map((feature) => feature.id).sort(), [catalog.laundry.id, catalog.rooftop.id].sort());
    await page.context().close();
  });

  test('refuses an image URL with the exact message, as a toast and under the field', async () => {
    const page = await signedInPage();
    await page.goto('/add-property');
    await page.getByRole('button', { name: 'Investment Property' }).click();
    await expectChosen(page, 'Category', 'Investment / استثماري');
    await openTab(page, 'Media');

    await page.getByLabel('Image URL', { exact: true }).fill('https://example.com/brochure.pdf');
    await page.getByRole('button', { name: 'Add Image' }).click();

    await expectToast(page, 'Invalid Image URL', 'Please enter a valid image URL (JPG, PNG, WebP, GIF)');
    await page.getByText(URL_REJECTED).waitFor();
    assert.equal(await page.getByLabel('Image URL', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByText('No images yet').isVisible(), true);
    await assertAccessible(page, 'media tab with the refused URL and its toast');

    // A script that names a picture is no picture: the rules' safe-URL test comes first.
    await dismissToasts(page);
    await page.getByLabel('Image URL', { exact: true }).fill('javascript:alert(1)//.png');
    await page.getByRole('button', { name: 'Add Image' }).click();
    await expectToast(page, 'Invalid Image URL', 'Please enter a valid image URL (JPG, PNG, WebP, GIF)');
    assert.equal(await page.getByText('No images yet').isVisible(), true);
    await page.context().close();
  });

  test('bounds Year Built to 1800 and the current year, shown under the field and checked before sending', async () => {
    const page = await signedInPage();
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/properties')) posted += 1;
    });
    await page.goto('/add-property');
    await page.getByRole('button', { name: 'Investment Property' }).click();
    await expectChosen(page, 'Category', 'Investment / استثماري');
    await openTab(page, 'Details');
    const year = new Date().getFullYear();
    const field = page.getByLabel('Year Built');
    await page.getByText(`From 1800 to ${year}`, { exact: true }).waitFor();
    assert.equal(await field.getAttribute('min'), '1800');
    assert.equal(await field.getAttribute('max'), String(year));

    for (const [typed, message] of [
      ['1799', 'Year built cannot be before 1800'],
      [String(year + 1), 'Year built cannot be in the future'],
    ]) {
      await field.fill(typed);
      await page.getByRole('button', { name: 'Create Property' }).click();
      await openTab(page, 'Details');
      await page.getByText(message, { exact: true }).waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
    }
    await assertAccessible(page, 'property form, Details, Year Built refused');
    await screenshot(page, 'property-form-year-bounds');
    assert.equal(posted, 0, 'the browser refused before sending');
    await page.context().close();
  });

  test('reorders images by dragging and with the arrow buttons, and saves that order', async () => {
    const page = await signedInPage();
    const first = 'https://images.unsplash.com/photo-first';
    const second = 'https://cdn.example.com/second.jpg';
    const third = 'https://cdn.example.com/third.webp';
    const property = await listing(page, { titleEn: 'Townhouse with three photos', images: [first, second, third] });
    await serveOutsideImages(page);

    const dialog = await editFromList(page, 'Townhouse with three photos');
    await openTab(page, 'Media');
    assert.deepEqual(await thumbnailSources(dialog), [first, second, third]);
    const items = dialog.getByRole('list', { name: 'Images' }).getByRole('listitem');
    assert.equal(await items.first().getByText('Cover').isVisible(), true);

    await items.nth(2).dragTo(items.first());
    assert.deepEqual(await thumbnailSources(dialog), [third, first, second]);
    assert.equal(await items.first().getByText('Cover').count(), 1);

    await dialog.getByRole('button', { name: 'Move image 1 right' }).focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await thumbnailSources(dialog), [first, third, second]);
    // The focus followed the image: pressing again moves it on.
    await page.keyboard.press('Enter');
    assert.deepEqual(await thumbnailSources(dialog), [first, second, third]);
    await dialog.getByRole('button', { name: 'Remove image 2' }).click();
    assert.deepEqual(await thumbnailSources(dialog), [first, third]);
    await assertAccessible(page, 'edit dialog, Media with thumbnails');

    await dialog.getByRole('button', { name: 'Update Property' }).click();
    await expectToast(page, 'Property updated successfully!');
    const saved = await api(page, 'GET', `/api/properties/${property.id}`);
    assert.deepEqual(saved.images, [first, third]);
    await page.context().close();
  });

  test('clears city and region when the country changes, and the region when the city changes', async () => {
    const page = await signedInPage();
    await page.goto('/add-property');
    await page.getByRole('button', { name: 'Property for Sale' }).click();
    await page.getByLabel('Title (English)', { exact: true }).waitFor();
    const country = page.getByLabel('Country', { exact: true });
    const city = page.getByLabel('City', { exact: true });
    const region = page.getByLabel('Region', { exact: true });

    await country.selectOption({ label: 'Jordan / الأردن' });
    await expectChosen(page, 'City', 'Select city');
    assert.equal(await region.isDisabled(), true, 'no region list before a city');
    await page.getByRole('option', { name: 'Irbid / إربد' }).waitFor({ state: 'attached' });
    await city.selectOption({ label: 'Amman / عمّان' });
    await page.getByRole('option', { name: 'Abdoun / عبدون' }).waitFor({ state: 'attached' });
    await region.selectOption({ label: 'Abdoun / عبدون' });
    assert.equal(await page.getByLabel('Location (English)', { exact: true }).inputValue(), 'Abdoun, Amman, Jordan');

    await city.selectOption({ label: 'Irbid / إربد' });
    await expectChosen(page, 'Region', 'Select region');
    assert.equal(await page.getByLabel('Location (English)', { exact: true }).inputValue(), 'Irbid, Jordan');
    assert.equal(await page.getByLabel('Location (Arabic)', { exact: true }).inputValue(), 'إربد، الأردن');

    await country.selectOption({ label: 'United Arab Emirates / الإمارات' });
    await expectChosen(page, 'City', 'Select city');
    await expectChosen(page, 'Region', 'Select region');
    assert.equal(await region.isDisabled(), true);
    assert.equal(await page.getByLabel('Location (English)', { exact: true }).inputValue(), 'United Arab Emirates');
    await page.getByRole('option', { name: 'Dubai / دبي' }).waitFor({ state: 'attached' });
    assert.equal(await page.getByRole('option', { name: 'Amman / عمّان' }).count(), 0, 'only the chosen country’s cities');

    await page.getByRole('button', { name: 'Create Property' }).click();
    await page.getByText('City is required').waitFor();
    assert.equal(await city.evaluate((element) => element === document.activeElement), false, 'the first failure is focused');
    assert.equal(await page.getByLabel('Title (English)', { exact: true }).evaluate((element) => element === document.activeElement), true);
    await assertAccessible(page, 'property form with failures');
    await page.context().close();
  });

  test('cancels an upload under way and keeps the images as they were', async () => {
    const page = await signedInPage();
    await page.goto('/add-property');
    await page.getByRole('button', { name: 'Property for Sale' }).click();
    await openTab(page, 'Media');
    await slowUploads(page);

    await page.getByLabel('Upload Images', { exact: true }).setInputFiles([LARGE_PNG]);
    await page.getByRole('progressbar', { name: 'Uploading images' }).waitFor();
    await page.getByRole('button', { name: 'Cancel upload' }).click();

    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    assert.equal(await page.getByText('No images yet').isVisible(), true);
    assert.equal(await toast(page).count(), 0, 'a cancelled upload is not a failure');
    assert.equal(await page.getByRole('button', { name: 'Create Property' }).isEnabled(), true);
    await page.context().close();
  });
});
