// The property features screen in a real browser against the real server: a feature
// created and edited in each tab, and its delete confirmation counting the listings that
// lose it (core-panel.md §2, §7–§9).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { expectToast, screenshot } from '../support/browser.mjs';
import { api } from '../support/listings.mjs';
import { row, settle, signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';

describe('the property features', () => {
  const env = serverAndBrowser();

  test('a feature is created and edited in each tab', async () => {
    const page = await signedInPage(env);
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
});
