// `make run` loads the bilingual demo data set: a newcomer sees a filled catalog.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { newPage, screenshot, signIn } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

describe('the demo data set', () => {
  const env = serverAndBrowser({ demo: true });

  test('fills the catalog screens with bilingual records', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    await page.goto('/categories');
    const rows = page.getByRole('row');
    await rows.filter({ hasText: 'Residential' }).first().waitFor();
    await rows.filter({ hasText: 'Investment' }).first().waitFor();
    await assertAccessible(page, 'categories with the demo data');
    await screenshot(page, 'demo-categories', { docs: true });
    await page.goto('/management');
    await page.getByRole('tab', { name: 'Countries' }).click();
    for (const country of ['Jordan', 'United Arab Emirates', 'Saudi Arabia']) {
      await rows.filter({ hasText: country }).first().waitFor();
    }
    const jordan = await rows.filter({ hasText: 'Jordan' }).first().innerText();
    assert.match(jordan, /الأردن/, 'rows read English / Arabic');
    await assertAccessible(page, 'management countries with the demo data');
    await page.getByRole('tab', { name: 'Regions' }).click();
    await rows.filter({ hasText: 'Abdoun' }).first().waitFor();
    await assertAccessible(page, 'management regions with the demo data');
    await screenshot(page, 'demo-management', { docs: true });
    await page.goto('/features-management');
    await rows.nth(1).waitFor();
    await assertAccessible(page, 'features with the demo data');
    await page.context().close();
  });
});
