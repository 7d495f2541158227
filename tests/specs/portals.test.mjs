// Portal feeds (issue 41) in a real browser against the real server: the Portals screen maps
// a type (unmapped rows first, a suggestion offered), the property form says what each
// portal would refuse while it is typed, the list badges and filters the blocked listings,
// and the bulk action takes a portal off a selection. Checked by axe and looked at.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { expectToast, screenshot } from '../support/browser.mjs';
import { api, create, createCatalog, listing } from '../support/listings.mjs';
import { row, signedInPage } from '../support/pages.mjs';
import { editFromList } from '../support/property-form.mjs';
import { serverAndBrowser } from '../support/server.mjs';

const LONG_EN = 'A bright villa with a garden, a pool and a view of the hills. '.repeat(14);
const LONG_AR = 'فيلا مشرقة مع حديقة ومسبح وإطلالة على التلال. '.repeat(18);

describe('portal feeds', () => {
  const env = serverAndBrowser();
  const ids = {};

  before(async () => {
    const page = await signedInPage(env);
    const catalog = await createCatalog(page);
    const region = await create(page, '/api/regions', { nameEn: 'Abdoun', nameAr: 'عبدون', cityId: catalog.amman.id });
    const agent = await create(page, '/api/users', {
      username: 'sara',
      password: 'agentpass1',
      confirmPassword: 'agentpass1',
      fullName: 'Sara Agent',
      email: 'sara@agency.test',
      phone: '+962 79 555 0100',
    });
    const ready = {
      titleEn: 'Garden villa with a pool in Abdoun hills',
      titleAr: 'فيلا بحديقة ومسبح في تلال عبدون الهادئة',
      descriptionEn: LONG_EN,
      descriptionAr: LONG_AR,
      regionId: region.id,
      latitude: 31.95,
      longitude: 35.88,
      agentId: agent.id,
      images: ['https://images.example.com/villa.jpg'],
      publishTo: ['website', 'bayut', 'dubizzle'],
    };
    ids.ready = (await create(page, '/api/properties', listing(catalog, { ...ready, propertyNumber: 'P-1' }))).id;
    ids.photoless = (
      await create(page, '/api/properties', listing(catalog, { ...ready, propertyNumber: 'P-2', titleEn: 'Photoless garden villa in Abdoun hills', images: [] }))
    ).id;
    for (const [kind, id, value] of [
      ['city', catalog.amman.id, 'Amman'],
      ['region', region.id, 'Abdoun'],
    ]) {
      const { status, body } = await api(page, 'PUT', `/api/portals/bayut/mappings/${kind}/${id}`, { value });
      assert.equal(status, 200, JSON.stringify(body));
    }
    ids.villa = catalog.villa.id;
    await page.context().close();
  });

  test('the Portals screen lists unmapped values first and maps a type by its suggestion', async () => {
    const page = await signedInPage(env);
    await page.goto('/portals');
    await page.getByRole('tab', { name: 'Bayut & dubizzle' }).click();
    const table = page.getByRole('table', { name: 'Bayut & dubizzle mappings' });
    const first = table.locator('tbody tr').first();
    await first.getByText('Unmapped', { exact: true }).waitFor();
    const villa = row(table, 'فيلا').filter({ hasText: 'Property type' });
    await villa.getByRole('button', { name: 'Use suggestion: Villa' }).click();
    await villa.getByRole('button', { name: 'Save' }).click();
    await villa.getByText('Unmapped', { exact: true }).waitFor({ state: 'detached' });
    const { body: rows } = await api(page, 'GET', '/api/portals/bayut/mappings');
    const mapped = rows.find((r) => r.kind === 'propertyType' && r.recordId === ids.villa);
    assert.equal(mapped.value, 'Villa');
    await assertAccessible(page, 'the Portals screen');
    await screenshot(page, 'portals-screen', { docs: true });
    await page.context().close();
  });

  test('the form says what each portal would refuse while it is typed', async () => {
    const page = await signedInPage(env);
    const dialog = await editFromList(page, 'Photoless garden villa');
    const panel = dialog.getByRole('region', { name: 'Portal readiness' });
    await panel.getByRole('listitem', { name: 'Bayut' }).getByText('Bayut needs at least one photo', { exact: true }).waitFor();
    await panel.getByRole('listitem', { name: 'Property Finder' }).getByText('Not chosen').waitFor();
    await assertAccessible(page, 'the property form with its portal readiness');
    await screenshot(page, 'portals-form-readiness');
    await page.context().close();
  });

  test('the list badges and filters the blocked listings, and the bulk action takes a portal off', async () => {
    const page = await signedInPage(env);
    await page.goto('/properties?blockedFor=bayut');
    const table = page.getByRole('table', { name: 'Properties' });
    await row(table, 'P-2').getByText('Blocked: Bayut').waitFor();
    assert.equal(await row(table, 'P-1').count(), 0, 'the ready listing is not blocked');
    await assertAccessible(page, 'the properties list filtered by a blocking portal');

    await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByLabel('Remove from portal', { exact: true }).selectOption('bayut');
    await bar.getByRole('button', { name: 'Remove from portal: Apply' }).click();
    await expectToast(page, 'Updated 1 listing');
    const { body } = await api(page, 'GET', `/api/properties/${ids.photoless}`);
    assert.deepEqual(body.publishTo, ['website', 'dubizzle']);
    await page.context().close();
  });
});
