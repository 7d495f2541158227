// The public website (issue 40) as visitors and search engines meet it, on its own port:
// every page in both languages without an axe violation, the search by each filter and the
// contact form with JavaScript off, 410 for a sold listing, a staff edit seen at once, the
// hreflang pairs, the sitemap and JSON-LD, and a theme folder taking effect.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { assertNoViolations } from '../support/axe.mjs';
import { launchBrowser, screenshot } from '../support/browser.mjs';
import { api } from '../support/listings.mjs';
import { ADMIN, serverAndBrowser, startServer } from '../support/server.mjs';

const PAGES = ['/', '/properties', '/investors', '/services', '/about', '/team', '/contact'];

/// A page of the site, with or without JavaScript, on a phone's screen when asked.
async function sitePage(env, { javaScript = true, phone = false } = {}) {
  const context = await env.browser.newContext({
    baseURL: env.server.siteUrl,
    javaScriptEnabled: javaScript,
    viewport: phone ? { width: 412, height: 915 } : { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/// A signed-in page of the panel, to change what the site shows through the API.
async function panel(env) {
  const context = await env.browser.newContext({ baseURL: env.server.url });
  const page = await context.newPage();
  const signIn = await page.request.post('/api/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  assert.equal(signIn.status(), 200);
  await page.goto('/healthz');
  return page;
}

/// The listings the current page shows, by title.
function titles(page) {
  return page.locator('.card h3').allInnerTexts();
}

describe('the public website', { timeout: 120_000 }, () => {
  const env = serverAndBrowser({ demo: true });

  test('every page in both languages has its alternates and no accessibility violation', async () => {
    const page = await sitePage(env);
    const first = page.locator('.card a').first();
    await page.goto('/en/properties');
    const listing = new URL(await first.getAttribute('href'), env.server.siteUrl).pathname.slice(3);
    for (const path of [...PAGES, listing]) {
      for (const [lang, dir] of [['en', 'ltr'], ['ar', 'rtl']]) {
        const address = `/${lang}${path}`;
        const response = await page.goto(address);
        assert.equal(response.status(), 200, address);
        assert.equal(await page.locator('html').getAttribute('dir'), dir);
        const own = `${env.server.siteUrl}${address}`;
        assert.equal(await page.locator('link[rel=canonical]').getAttribute('href'), own);
        const other = lang === 'en' ? 'ar' : 'en';
        assert.equal(await page.locator(`link[hreflang=${lang}]`).getAttribute('href'), own);
        const pair = await page.locator(`link[hreflang=${other}]`).getAttribute('href');
        assert.equal(pair, `${env.server.siteUrl}/${other}${path}`);
        assert.equal(await page.locator('link[hreflang=x-default]').getAttribute('href'), `${env.server.siteUrl}/en${path}`);
        const back = await (await fetch(pair)).text();
        assert.ok(back.includes(`hreflang="${lang}" href="${own}"`), `${pair} links back to ${own}`);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await assertNoViolations(page, address);
        if (['/', '/properties', listing].includes(path)) {
          const name = path === '/' ? 'home' : path === '/properties' ? 'search' : 'listing';
          await page.evaluate(() => window.scrollTo(0, 0));
          await screenshot(page, `site-${name}-${lang}`, { docs: true });
        }
      }
    }
    const missing = await page.goto('/en/no-such-page');
    assert.equal(missing.status(), 404);
    await assertNoViolations(page, 'the 404 page');
    await page.context().close();
  });

  test('the search reads each filter from a plain form with JavaScript off', async () => {
    const page = await sitePage(env, { javaScript: false, phone: true });
    await page.goto('/en/properties');
    const all = Number(await page.locator('.count span').innerText());
    assert.ok(all >= 10, `the demo listings: ${all}`);
    const search = async (fill) => {
      await page.goto('/en/properties');
      await fill();
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/\/en\/properties\?/);
      return Number(await page.locator('.count span').innerText());
    };
    const rent = await search(() => page.getByLabel('Buy or rent').selectOption('rent'));
    assert.ok(rent > 0 && rent < all, `rentals: ${rent} of ${all}`);
    for (const card of await page.locator('.card .badge').allInnerTexts()) assert.equal(card, 'For rent');
    const type = await search(() => page.getByLabel('Property type').selectOption({ label: 'Villa' }));
    assert.ok(type > 0 && type < all, `villas: ${type}`);
    const category = await search(() => page.getByLabel('Category').selectOption({ index: 1 }));
    assert.ok(category > 0 && category < all, `one category: ${category}`);
    const place = await search(() => page.getByLabel('City or area').selectOption({ label: 'Amman' }));
    assert.ok(place > 0 && place < all, `Amman: ${place}`);
    for (const where of await page.locator('.card .muted').allInnerTexts()) assert.match(where, /Amman/);
    const priced = await search(async () => {
      await page.getByLabel('Lowest price').fill('100000');
      await page.getByLabel('Highest price').fill('900000');
    });
    assert.ok(priced > 0 && priced < all, `priced: ${priced}`);
    assert.equal(await page.getByLabel('Lowest price').inputValue(), '100000', 'the form keeps its values');
    const rooms = await search(() => page.getByLabel('Bedrooms, at least').selectOption('3'));
    assert.ok(rooms > 0 && rooms < all, `3+ bedrooms: ${rooms}`);
    await search(() => page.getByLabel('Sort by').selectOption('price'));
    const prices = (await page.locator('.card .price').allInnerTexts()).map((text) => Number(text.replace(/[^0-9.]/g, '')));
    assert.ok(prices.length > 1);
    await page.getByRole('link', { name: 'Next page' }).click();
    assert.match(page.url(), /page=2/);
    assert.ok((await titles(page)).length > 0, 'the second page');
    await page.context().close();
  });

  test('a contact form posted without JavaScript becomes a lead naming its listing', async () => {
    const page = await sitePage(env, { javaScript: false });
    await page.goto('/ar/properties');
    await page.locator('.card a').first().click();
    const address = new URL(page.url()).pathname;
    const id = Number(address.split('/').pop().split('-')[0]);
    await page.getByLabel('الاسم').fill('سارة');
    await page.getByLabel('البريد الإلكتروني').fill('not-an-address');
    await page.getByRole('button', { name: 'إرسال' }).click();
    assert.equal(await page.getByLabel('الاسم').inputValue(), 'سارة', 'kept after a refusal');
    await page.getByRole('alert').waitFor();
    // axe runs in the page: a page with JavaScript on checks the same refusal.
    const checked = await sitePage(env);
    await checked.goto(address);
    await checked.getByLabel('البريد الإلكتروني').fill('not-an-address');
    await checked.getByRole('button', { name: 'إرسال' }).click();
    await checked.getByRole('alert').waitFor();
    await assertNoViolations(checked, 'a refused enquiry');
    await checked.context().close();
    await page.getByLabel('البريد الإلكتروني').fill('sara@example.com');
    await page.getByLabel('الرسالة').fill('هل ما زال متاحًا؟');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.waitForURL('**/ar/thanks');
    await page.getByRole('heading', { name: 'شكرًا لك' }).waitFor();
    const staff = await panel(env);
    const { body: leads } = await api(staff, 'GET', '/api/contact-requests?q=sara%40example.com');
    const lead = leads.find((one) => one.email === 'sara@example.com');
    assert.ok(lead, 'the lead is in the inbox');
    assert.equal(lead.propertyId, id);
    assert.equal(lead.source, 'website');
    await staff.context().close();
    await page.context().close();
  });

  test('a staff edit shows at once, and a sold listing answers 410 with similar ones', async () => {
    const staff = await panel(env);
    const page = await sitePage(env);
    await page.goto('/en/properties');
    const href = await page.locator('.card a').first().getAttribute('href');
    const id = Number(href.split('/').pop().split('-')[0]);
    const { body: listing } = await api(staff, 'GET', `/api/properties/${id}`);
    const edited = await api(staff, 'PUT', `/api/properties/${id}`, { ...listing, price: 123456 }, { 'If-Match': `"${listing.version}"` });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    await page.goto(href);
    await page.getByText('123,456').first().waitFor();
    const offer = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text))
      .find((block) => block['@type'] === 'Offer');
    assert.equal(offer.price, 123456);
    assert.equal(offer.priceCurrency, listing.currency);
    const agent = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text))
      .find((block) => block['@type'] === 'RealEstateAgent');
    assert.equal(agent.name, 'Aqar Real Estate');

    const { body: heroes } = await api(staff, 'GET', '/api/hero-images');
    const home = heroes.find((hero) => hero.pageName === 'index');
    const retitled = await api(staff, 'PUT', `/api/hero-images/${home.id}`, { ...home, titleEn: 'Homes by the water' }, { 'If-Match': `"${home.version}"` });
    assert.equal(retitled.status, 200, JSON.stringify(retitled.body));
    await page.goto('/en/');
    await page.getByText('Homes by the water').waitFor();

    const { body: current } = await api(staff, 'GET', `/api/properties/${id}`);
    const sold = await api(staff, 'PUT', `/api/properties/${id}`, { ...current, status: current.offeringType === 'rent' ? 'rented' : 'sold' }, { 'If-Match': `"${current.version}"` });
    assert.equal(sold.status, 200, JSON.stringify(sold.body));
    const gone = await page.goto(href);
    assert.equal(gone.status(), 410);
    await page.getByRole('heading', { name: 'This property is no longer offered' }).waitFor();
    assert.ok((await titles(page)).length > 0, 'similar listings');
    await assertNoViolations(page, 'a sold listing');
    await staff.context().close();
    await page.context().close();
  });

  test('the sitemap names every public listing in both languages', async () => {
    const index = await (await fetch(`${env.server.siteUrl}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    assert.deepEqual(files.map((file) => new URL(file).pathname), ['/sitemaps/pages.xml', '/sitemaps/listings-1.xml']);
    const listings = await (await fetch(files[1])).text();
    const page = await sitePage(env);
    await page.goto('/en/properties');
    const total = Number(await page.locator('.count span').innerText());
    assert.equal((listings.match(/<url>/g) ?? []).length, total * 2);
    assert.equal((listings.match(/<lastmod>/g) ?? []).length, total * 2);
    const robots = await (await fetch(`${env.server.siteUrl}/robots.txt`)).text();
    assert.match(robots, /Sitemap: .*\/sitemap\.xml/);
    await page.context().close();
  });
});

describe('a theme folder', () => {
  test('replaces a template and the stylesheet without a rebuild', async () => {
    const theme = mkdtempSync(join(tmpdir(), 'aqar-theme-'));
    mkdirSync(join(theme, 'templates'));
    writeFileSync(join(theme, 'templates', 'thanks.html'), '{% extends "base.html" %}{% block main %}<h1>With thanks from our own theme</h1>{% endblock %}');
    writeFileSync(join(theme, 'site.css'), 'body{background:rgb(253, 246, 227)}');
    const server = await startServer({ env: { AQAR_SITE_THEME_DIR: theme } });
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ baseURL: server.siteUrl })).newPage();
      await page.goto('/en/thanks');
      await page.getByRole('heading', { name: 'With thanks from our own theme' }).waitFor();
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(253, 246, 227)');
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});
