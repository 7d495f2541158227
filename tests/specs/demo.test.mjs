// `make run` loads the bilingual demo data set: a newcomer sees a filled catalog and a filled
// public site: its team, services, process, testimonials and hero images.
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

  test("fills the public site's team, services and hero images", async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    await page.goto('/team');
    const team = page.getByRole('list', { name: 'Team members' });
    await team.getByRole('heading', { name: 'Sara Haddad' }).waitFor();
    assert.equal(await team.locator(':scope > li').count(), 6);
    await team.getByText('+1 more').first().waitFor();
    await assertAccessible(page, 'team with the demo data');
    await screenshot(page, 'demo-team', { docs: true });

    await page.goto('/services');
    const services = page.getByRole('list', { name: 'Our Services' });
    await services.getByText('Buying', { exact: true }).waitFor();
    assert.equal(await services.locator(':scope > li').count(), 4);
    await page.getByRole('tab', { name: 'Our Process' }).click();
    const process = page.getByRole('list', { name: 'Our Process' });
    await process.getByText('Tell us what you need', { exact: true }).waitFor();
    assert.equal(await process.locator(':scope > li').count(), 4);
    await page.getByRole('tab', { name: 'Client Testimonials' }).click();
    const testimonials = page.getByRole('list', { name: 'Client Testimonials' });
    await testimonials.getByText('Rana Al-Masri', { exact: true }).waitFor();
    assert.equal(await testimonials.locator(':scope > li').count(), 5);
    await assertAccessible(page, 'client testimonials with the demo data');
    await screenshot(page, 'demo-testimonials', { docs: true });

    await page.goto('/admin/hero-images');
    const heroes = page.getByRole('list', { name: 'Hero Images Management' });
    await heroes.getByText('Find your place', { exact: true }).waitFor();
    assert.equal(await heroes.locator(':scope > li').count(), 4);
    await assertAccessible(page, 'hero images with the demo data');
    await screenshot(page, 'demo-hero-images', { docs: true });
    await page.context().close();
  });
});
