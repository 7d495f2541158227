// The sign-in screen is the first thing every visitor downloads: its JavaScript is measured
// as the gzip size of every script a first visit to /auth loads, and held to a budget.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { before, describe, test } from 'node:test';

import { newPage } from '../support/browser.mjs';
import { serverAndBrowser } from '../support/server.mjs';

/// The budget for the first load of /auth (149.96 kB when the shared libraries
/// became one chunk, see docs/adr/0015).
const BUDGET_KB = 150;

const kB = (bytes) => bytes / 1000;

/// The panel's own class merging (its lib/utils `cn`), which the sign-in page does without.
const { twMerge } = createRequire(new URL('../../frontend/package.json', import.meta.url))('tailwind-merge');

/// Every script a fresh page loads on its way to the sign-in form, with its gzip size.
async function firstLoadOfAuth(browser, baseURL) {
  const page = await newPage(browser, baseURL);
  const scripts = new Map();
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) {
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    }
  });
  await page.goto('/auth', { waitUntil: 'networkidle' });
  await page.getByLabel('Username').waitFor();
  // Whatever the screen loads once it shows (lazy pieces, preloads) counts too.
  await page.waitForLoadState('networkidle');
  const classes = await page.$$eval('[class]', (elements) => elements.map((element) => element.getAttribute('class')));
  const sizes = await Promise.all([...scripts].map(async ([url, size]) => [new URL(url).pathname, await size]));
  await page.context().close();
  sizes.sort(([, a], [, b]) => b - a);
  return {
    total: sizes.reduce((sum, [, size]) => sum + size, 0),
    listing: sizes.map(([path, size]) => `  ${kB(size).toFixed(1).padStart(6)} kB  ${path}`).join('\n'),
    scripts: sizes.map(([path]) => path),
    classes,
  };
}

describe('the first load of /auth', () => {
  const env = serverAndBrowser();
  let measured;

  before(async () => {
    measured = await firstLoadOfAuth(env.browser, env.server.url);
  });

  test(`downloads no more than ${BUDGET_KB} kB of gzipped JavaScript`, (t) => {
    t.diagnostic(`first-load JS of /auth: ${kB(measured.total).toFixed(1)} kB gzip`);
    assert.ok(
      kB(measured.total) <= BUDGET_KB,
      `first-load JS of /auth is ${kB(measured.total).toFixed(1)} kB gzip, over the ${BUDGET_KB} kB budget:\n${measured.listing}`,
    );
  });

  // The page is shown without tailwind-merge, so none of its elements may carry two classes
  // that merging would settle (the kit's padding and a caller's, say): merging changes nothing.
  test('shows classes that need no merging, without loading the merger', () => {
    assert.ok(measured.classes.length > 20, `only ${measured.classes.length} elements with classes`);
    assert.deepEqual(
      measured.classes.filter((classes) => twMerge(classes) !== classes.trim().replace(/\s+/g, ' ')),
      [],
    );
    assert.ok(
      measured.scripts.every((path) => !path.includes('/class-merging-')),
      `tailwind-merge was loaded:\n${measured.listing}`,
    );
  });
});
