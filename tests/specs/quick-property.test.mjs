// The add-property page and its quick form in a real browser against the real server: the
// two type cards preselect the category named 'investment' / 'residential' (any case) and
// the display type, Back returns to the cards, and 'Quick add' — the older, simpler form —
// creates a listing and leads to /admin/properties (core-panel.md §2 Add-property page, §5, §9).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { screenshot, toast } from '../support/browser.mjs';
import { api, create } from '../support/listings.mjs';
import { signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';

describe('the add-property page', () => {
  const env = serverAndBrowser();
  let categories;
  let villa;

  before(async () => {
    const page = await signedInPage(env);
    // Names in other cases than the rules' 'investment' and 'residential'.
    categories = {
      commercial: await create(page, '/api/categories', { nameEn: 'Commercial', nameAr: 'تجاري' }),
      investment: await create(page, '/api/categories', { nameEn: 'INVESTMENT', nameAr: 'استثماري' }),
      residential: await create(page, '/api/categories', { nameEn: 'Residential', nameAr: 'سكني' }),
    };
    villa = await create(page, '/api/property-types', { nameEn: 'Villa', nameAr: 'فيلا' });
    await page.context().close();
  });

  test('each card opens the form with its category and display type; Back returns to the cards', async () => {
    const page = await signedInPage(env);
    await page.goto('/add-property');
    await page.getByRole('heading', { name: 'What type of property would you like to add?' }).waitFor();
    for (const text of ['Rental income focus', 'ROI calculations', 'Investment analytics', 'Direct sales focus', 'Buyer targeting', 'Sales analytics']) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    assert.equal(await page.getByRole('link', { name: 'Back to properties' }).getAttribute('href'), '/admin/properties');
    await assertAccessible(page, 'the add-property cards');
    await screenshot(page, 'add-property', { docs: true });

    await page.getByRole('button', { name: 'Investment Property' }).click();
    await page.getByRole('heading', { name: 'Add an investment property' }).waitFor();
    const category = page.getByLabel('Category', { exact: true });
    await page.waitForFunction((id) => document.querySelector('select[name="categoryId"]')?.value === id, String(categories.investment.id));
    assert.equal(await category.inputValue(), String(categories.investment.id));
    assert.equal(await page.getByLabel('Display Type', { exact: true }).inputValue(), 'investment');
    await assertAccessible(page, 'the property form from the Investment card');
    await screenshot(page, 'add-property-form', { docs: true });

    await page.getByRole('button', { name: 'Back to property types' }).click();
    await page.getByRole('button', { name: 'Property for Sale' }).click();
    await page.getByRole('heading', { name: 'Add a property for sale' }).waitFor();
    await page.waitForFunction((id) => document.querySelector('select[name="categoryId"]')?.value === id, String(categories.residential.id));
    assert.equal(await page.getByLabel('Display Type', { exact: true }).inputValue(), 'public');
    await page.context().close();
  });

  test('the same page answers at /properties/new, and its back link leads to /admin/properties', async () => {
    const page = await signedInPage(env);
    await page.goto('/properties/new');
    await page.getByRole('button', { name: 'Investment Property' }).waitFor();
    await page.getByRole('link', { name: 'Back to properties' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/properties');
    await page.getByRole('heading', { name: 'Properties' }).waitFor();
    await page.context().close();
  });

  test("'Quick add' shows its rules' messages, then creates a listing and goes to the list", async () => {
    const page = await signedInPage(env);
    await page.goto('/add-property');
    await page.getByRole('button', { name: 'Quick add' }).click();
    const submit = page.getByRole('button', { name: 'Create Property' });
    await submit.waitFor();
    await assertAccessible(page, 'the quick add form');
    await screenshot(page, 'quick-add', { docs: true });

    // Nothing typed: the rules' messages, and nothing sent.
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/properties?form=quick')) posted += 1;
    });
    const year = new Date().getFullYear();
    await page.getByText(`From 1800 to ${year}`, { exact: true }).waitFor();
    assert.equal(await page.getByLabel('Year Built').getAttribute('max'), String(year));
    await page.getByLabel('Year Built').fill(String(year + 1));
    await submit.click();
    for (const message of ['English title is required', 'Price must be positive', 'Category is required', 'Year built cannot be in the future']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await assertAccessible(page, 'the quick add form with its messages');
    assert.equal(posted, 0);

    await page.getByLabel('Title (English)').fill('Quick Garden Flat');
    await page.getByLabel('Description (English)').fill('Two bedrooms and a garden.');
    await page.getByLabel('Location (English)').fill('Jabal Amman');
    await submit.click();
    // The Arabic texts fail first now: their tab is shown.
    await page.getByText('Arabic title is required', { exact: true }).waitFor();
    assert.equal(await page.getByRole('tab', { name: 'Arabic' }).getAttribute('aria-selected'), 'true');
    assert.equal(await page.getByLabel('Title (Arabic)').getAttribute('dir'), 'rtl');
    await page.getByLabel('Title (Arabic)').fill('شقة مع حديقة');
    await page.getByLabel('Description (Arabic)').fill('غرفتا نوم وحديقة.');
    await page.getByLabel('Location (Arabic)').fill('جبل عمّان');
    await page.getByLabel('Price').fill('135000');
    await page.getByLabel('Category').selectOption({ label: 'Residential' });
    await page.getByLabel('Property Type').selectOption({ label: 'Villa' });
    await page.getByLabel('Year Built').fill('2004');
    await page.getByLabel('Bedrooms').fill('2');
    await page.getByLabel('Garden').check();
    assert.equal(await page.getByLabel('Currency').inputValue(), 'JOD');
    assert.equal(await page.getByLabel('Continent').inputValue(), 'Asia');
    await submit.click();

    await toast(page).getByText('Property created successfully!', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/properties');
    await page.getByRole('table', { name: 'Properties' }).getByText('Quick Garden Flat', { exact: true }).waitFor();
    assert.equal(posted, 1);

    const { body: found } = await api(page, 'GET', '/api/properties?q=Quick%20Garden');
    assert.equal(found.length, 1);
    assert.equal(found[0].currency, 'JOD');
    assert.equal(found[0].continent, 'Asia');
    assert.equal(found[0].categoryId, categories.residential.id);
    assert.equal(found[0].typeId, villa.id);
    assert.equal(found[0].bedrooms, 2);
    assert.equal(found[0].hasGarden, true);
    assert.equal(found[0].yearBuilt, 2004);
    assert.equal(found[0].countryId ?? null, null);
    await page.context().close();
  });
});
