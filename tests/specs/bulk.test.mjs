// Bulk actions (issue 24) in a real browser against the real server: the properties list
// searched, its page selected, then 'Select all N matching' across pages, and one status
// change for all of them with its summary toast; Space, Shift+click and Escape on the
// checkboxes; a listing changed meanwhile skipped and told; the inbox's Mark Responded on a
// selection; the bar checked by axe and looked at in English and in Arabic (right to left).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { dismissToasts, expectToast, newPage, screenshot } from '../support/browser.mjs';
import { api, create, createCatalog, listing } from '../support/listings.mjs';
import { signedInPage } from '../support/pages.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

const HARBOR = 14;
const DESERT = 4;

async function total(page, path) {
  const { status, body } = await api(page, 'GET', path);
  assert.equal(status, 200, path);
  return body.length;
}

describe('bulk actions', () => {
  const env = serverAndBrowser();

  before(async () => {
    const page = await signedInPage(env);
    const catalog = await createCatalog(page);
    for (let n = 1; n <= HARBOR; n += 1) {
      await create(page, '/api/properties', listing(catalog, { titleEn: `Harbor Villa ${n}`, propertyNumber: `H-${n}` }));
    }
    for (let n = 1; n <= DESERT; n += 1) {
      await create(page, '/api/properties', listing(catalog, { titleEn: `Desert House ${n}`, propertyNumber: `D-${n}` }));
    }
    await page.context().close();
  });

  test('changes the status of every listing of a search, across pages, in one go', async () => {
    const page = await signedInPage(env);
    await page.goto('/properties');
    await page.getByLabel('Search by title, number or location...').fill('harbor');
    await page.getByText(`Showing 1 to 10 of ${HARBOR} results`, { exact: true }).waitFor();

    await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('10 selected', { exact: true }).waitFor();
    await bar.getByRole('button', { name: `Select all ${HARBOR} matching` }).click();
    await bar.getByText(`All ${HARBOR} matching rows are selected`, { exact: true }).waitFor();
    await assertAccessible(page, 'the properties list with every matching listing selected');
    await screenshot(page, 'bulk-properties-selected', { docs: true });

    await bar.getByLabel('Set status', { exact: true }).selectOption('sold');
    await bar.getByRole('button', { name: 'Set status: Apply' }).click();
    await expectToast(page, `Updated ${HARBOR} listings`);
    await bar.waitFor({ state: 'detached' });
    assert.equal(await total(page, '/api/properties?status=sold&pageSize=100'), HARBOR, 'every harbor listing, both pages');
    assert.equal(await total(page, '/api/properties?status=active&pageSize=100'), DESERT, 'the rest untouched');
    await page.context().close();
  });

  test('selects by keyboard and ranges, clears with Escape, and tells what it skipped', async () => {
    const page = await signedInPage(env);
    await page.goto('/properties?q=desert');
    await page.getByText(`Showing 1 to ${DESERT} of ${DESERT} results`, { exact: true }).waitFor();
    const boxes = page.getByRole('table', { name: 'Properties' }).locator('tbody').getByRole('checkbox');
    await boxes.nth(0).focus();
    await page.keyboard.press('Space');
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('1 selected', { exact: true }).waitFor();
    await boxes.nth(2).click({ modifiers: ['Shift'] });
    await bar.getByText('3 selected', { exact: true }).waitFor();
    assert.deepEqual(
      await boxes.evaluateAll((all) => all.map((box) => box.getAttribute('aria-checked'))),
      ['true', 'true', 'true', 'false'],
    );
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'detached' });

    // Two selected; one of them is edited elsewhere before the change is applied.
    await boxes.nth(0).click();
    await boxes.nth(1).click({ modifiers: ['Shift'] });
    await bar.getByText('2 selected', { exact: true }).waitFor();
    const { body: shown } = await api(page, 'GET', '/api/properties?q=desert&pageSize=2');
    const edited = shown[0];
    const { status } = await api(page, 'POST', '/api/properties/bulk', { ids: [edited.id], action: 'setStatus', value: 'pending' });
    assert.equal(status, 200);
    await bar.getByRole('button', { name: 'Feature', exact: true }).click();
    await expectToast(page, 'Updated 1 listing; 1 skipped', 'Changed by someone else meanwhile: not overwritten (1)');
    const { body: now } = await api(page, 'GET', `/api/properties/${edited.id}`);
    assert.equal(now.isFeatured, false, 'the listing changed meanwhile is not overwritten');
    await page.context().close();
  });

  test('marks a selection of contact requests responded', async () => {
    const page = await signedInPage(env);
    for (let n = 1; n <= 3; n += 1) {
      const body = { name: `Visitor ${n}`, email: `v${n}@example.com`, subject: 'Viewing', message: 'Hello', language: 'en' };
      const { status } = await api(page, 'POST', '/api/public/contact-requests', body, { 'X-Forwarded-For': `203.0.113.${n}` });
      assert.equal(status, 202);
    }
    await page.goto('/contacts');
    await page.getByText('Showing 1 to 3 of 3 results', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 selected', { exact: true }).waitFor();
    await assertAccessible(page, 'the inbox with a selection');
    await bar.getByRole('button', { name: 'Mark Responded' }).click();
    await expectToast(page, 'Updated 3 requests');
    await page.getByTestId('count-responded').filter({ hasText: '3' }).waitFor();
    await dismissToasts(page);
    await page.context().close();
  });

  test('reads right to left in Arabic', async () => {
    const page = await newPage(env.browser, env.server.url);
    const login = await page.request.post('/api/login', { data: { username: ADMIN.username, password: ADMIN.password } });
    assert.equal(login.status(), 200);
    const preferences = await page.request.put('/api/account/preferences', { data: { language: 'ar', numerals: 'latin' } });
    assert.equal(preferences.status(), 200);
    await page.goto('/properties?q=harbor');
    await page.getByRole('checkbox', { name: 'تحديد كل ما في هذه الصفحة' }).click();
    const bar = page.getByRole('region', { name: 'إجراءات جماعية' });
    await bar.getByRole('button', { name: `تحديد جميع العناصر المطابقة (${HARBOR})` }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await assertAccessible(page, 'the Arabic properties list with a selection');
    await screenshot(page, 'bulk-properties-arabic', { docs: true });
    await page.request.put('/api/account/preferences', { data: { language: 'en', numerals: 'latin' } });
    await page.context().close();
  });
});
