// The comprehensive property form in a real browser against the real server (core-panel
// §2 Property form and Location picker, §4 saving, §8 toasts): a listing added through the
// Sale card with every tab filled and photos uploading behind a progress bar, an edit with
// its features preselected, Year Built's bounds, the location cascade's clears, and axe on
// every tab.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { screenshot } from '../support/browser.mjs';
import { settle } from '../support/pages.mjs';
import { LARGE_PNG, SMALL_PNG, serveOutsideImages } from '../support/pictures.mjs';
import { api, editFromList, expectChosen, expectToast, openTab, propertyFormFixture, slowUploads, thumbnails } from '../support/property-form.mjs';

/// Brings the form's tabs to the top of the screen, for a screenshot of the tab's beginning.
async function showTabs(page) {
  await page.getByRole('tablist').evaluate((tabs) => tabs.scrollIntoView({ block: 'start' }));
}

describe('the property form', () => {
  const { catalog, signedInPage, listing } = propertyFormFixture();

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
});
