// Listings an agency may legally advertise (issue 39) in a real browser against the real
// server: a city that starts regulating advertising in Management, the properties list with
// its offering, publishing and quality columns, the Offering filter kept in the address, a
// bulk change of offering, and a bulk activation skipped for want of a permit; axe on each.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { expectToast, screenshot } from '../support/browser.mjs';
import { editFromList, openTab } from '../support/property-form.mjs';
import { api, create, createCatalog, listing } from '../support/listings.mjs';
import { row, signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';

/// An RFC 3339 instant `seconds` from now, as the server stores them.
function at(seconds) {
  return new Date(Date.now() + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

describe('the listing lifecycle', () => {
  const env = serverAndBrowser();
  let catalog;

  before(async () => {
    const page = await signedInPage(env);
    catalog = await createCatalog(page);
    await create(page, '/api/properties', listing(catalog, { titleEn: 'Flat let monthly', titleAr: 'شقة للإيجار', offeringType: 'rent', rentFrequency: 'monthly', price: 900 }));
    await create(page, '/api/properties', listing(catalog, { titleEn: 'Villa off the market', titleAr: 'فيلا مؤرشفة', status: 'archived' }));
    await create(page, '/api/properties', listing(catalog, { titleEn: 'Villa coming soon', titleAr: 'فيلا قريبا', publishAt: at(86_400) }));
    await create(page, '/api/properties', listing(catalog, { titleEn: 'Villa whose window ended', titleAr: 'فيلا انتهى نشرها', publishAt: at(-86_400), unpublishAt: at(-60) }));
    await page.context().close();
  });

  test('the list shows offering, publishing window and quality, filters by offering and changes it in bulk', async () => {
    const page = await signedInPage(env);
    await page.goto('/properties');
    const table = page.getByRole('table', { name: 'Properties' });
    await table.getByRole('columnheader', { name: /Quality/ }).waitFor();
    await row(page, 'Flat let monthly').getByText('For rent · monthly').waitFor();
    await row(page, 'Villa off the market').getByText('Archived', { exact: true }).waitFor();
    await row(page, 'Villa coming soon').getByText(/^Scheduled/).waitFor();
    await row(page, 'Villa whose window ended').getByText(/^Ended/).waitFor();
    await assertAccessible(page, 'the properties list with offerings, windows and quality');
    await screenshot(page, 'properties-lifecycle-list', { docs: true });

    await page.getByLabel('Offering', { exact: true }).selectOption({ label: 'For rent' });
    await page.getByText('Showing 1 to 1 of 1 results', { exact: true }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('offeringType'), 'rent');
    await page.reload();
    await page.getByText('Showing 1 to 1 of 1 results', { exact: true }).waitFor();
    await page.getByLabel('Offering', { exact: true }).selectOption({ index: 0 });
    await page.getByText('Showing 1 to 4 of 4 results', { exact: true }).waitFor();

    await row(page, 'Villa coming soon').getByRole('checkbox').click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('1 selected', { exact: true }).waitFor();
    await bar.getByLabel('Set offering type', { exact: true }).selectOption('rent');
    await bar.getByRole('button', { name: 'Set offering type: Apply' }).click();
    await expectToast(page, 'Updated 1 listing');
    await row(page, 'Villa coming soon').getByText('For rent · yearly').waitFor();
    await page.context().close();
  });

  test('a city that starts regulating advertising holds back its listings until they have a permit', async () => {
    const page = await signedInPage(env);
    await page.goto('/management');
    await page.getByRole('tab', { name: 'Cities' }).click();
    await row(page, 'Amman / عمّان').getByRole('button', { name: /Edit/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Advertising authority', { exact: true }).selectOption({ label: 'Dubai Land Department (Trakheesi)' });
    await assertAccessible(page, 'a city naming its advertising authority');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'Amman / عمّان').getByRole('cell', { name: 'DLD', exact: true }).waitFor();

    const held = await api(page, 'GET', '/api/stats');
    assert.equal(held.body.heldBackByPermit, 3, JSON.stringify(held.body));
    const { body: visible } = await api(page, 'GET', '/api/public/properties');
    assert.deepEqual(visible, [], 'nothing without a permit is public');

    const { body: pending } = await api(page, 'GET', '/api/properties?status=active');
    const ids = pending.map((listing) => listing.id);
    const outcome = await api(page, 'POST', '/api/properties/bulk', { ids, action: 'setStatus', value: 'pending' });
    assert.equal(outcome.status, 200, JSON.stringify(outcome.body));
    const back = await api(page, 'POST', '/api/properties/bulk', { ids, action: 'setStatus', value: 'active' });
    assert.equal(back.body.changed, 0);
    assert.ok(back.body.skipped.every((skip) => skip.reason === 'notAllowed'), JSON.stringify(back.body));
    await page.context().close();
  });
});

describe('the property form where advertising is regulated', () => {
  const env = serverAndBrowser();

  before(async () => {
    const page = await signedInPage(env);
    const catalog = await createCatalog(page);
    const dubai = { nameEn: 'Amman', nameAr: 'عمّان', countryId: catalog.jordan.id, advertisingAuthority: 'DLD' };
    const { status } = await api(page, 'PUT', `/api/cities/${catalog.amman.id}`, dubai);
    assert.equal(status, 200);
    await create(page, '/api/properties', listing(catalog, { titleEn: 'Draft villa', titleAr: 'فيلا مسودة', status: 'pending' }));
    await page.context().close();
  });

  test('lets a rental go active only with its permit, pins it and scores it', async () => {
    const page = await signedInPage(env);
    const dialog = await editFromList(page, 'Draft villa');
    await dialog.getByText(/^Listing quality: \d+\/100/).first().waitFor();
    await dialog.getByLabel('Offering', { exact: true }).selectOption('rent');
    await dialog.getByLabel('Rent period', { exact: true }).selectOption('monthly');
    await dialog.getByLabel('Status', { exact: true }).selectOption('active');
    await dialog.getByLabel('Latitude', { exact: true }).fill('31.9539');
    await dialog.getByLabel('Longitude', { exact: true }).fill('35.9106');
    await dialog.getByRole('button', { name: 'Update Property' }).click();
    await dialog.getByText('An active listing here needs its advertising permit number').first().waitFor();

    await openTab(page, 'Advertising');
    await dialog.getByText('Advertising here is regulated by: Dubai Land Department (Trakheesi)').waitFor();
    await dialog.getByLabel('Permit number', { exact: true }).fill('7123456789');
    await dialog.getByLabel('Permit issue date', { exact: true }).fill('2026-01-01');
    await dialog.getByLabel('Permit expiry date', { exact: true }).fill('2099-12-31');
    await assertAccessible(page, 'the Advertising tab');
    await screenshot(page, 'property-form-advertising', { docs: true });
    await dialog.getByRole('button', { name: 'Update Property' }).click();
    await expectToast(page, 'Property updated successfully!');

    const { body: saved } = await api(page, 'GET', '/api/properties?q=draft');
    assert.equal(saved.length, 1);
    assert.deepEqual(
      [saved[0].offeringType, saved[0].rentFrequency, saved[0].status, saved[0].permitNumber, saved[0].permitExpiresAt],
      ['rent', 'monthly', 'active', '7123456789', '2099-12-31T23:59:59Z'],
    );
    assert.deepEqual([saved[0].latitude, saved[0].longitude], [31.9539, 35.9106]);
    const { body: shown } = await api(page, 'GET', `/api/public/properties/${saved[0].id}`);
    assert.equal(shown.permitNumber, '7123456789');
    await page.context().close();
  });
});
