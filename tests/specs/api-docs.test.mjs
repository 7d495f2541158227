// The API's own documentation: the public OpenAPI document and the interactive reference
// page at /api/docs, served from the binary with no session and no CDN.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { newPage, screenshot } from '../support/browser.mjs';
import { serverAndBrowser } from '../support/server.mjs';

describe('the API reference', () => {
  const env = serverAndBrowser();

  test('/api/docs shows every operation of the document without signing in', async () => {
    const page = await newPage(env.browser, env.server.url);
    const outside = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(env.server.url)) outside.push(request.url());
    });
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /Aqar/ }).first().waitFor();
    await page.locator('.opblock').first().waitFor();
    const document = await (await page.request.get('/api/openapi.json')).json();
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => `operations-default-${operation.operationId}`),
    );
    // From 150 entries on, Swagger UI renders only the operations near the viewport, so the
    // page is read as a user scrolls it, top to bottom.
    const shown = new Set();
    for (;;) {
      for (const id of await page.locator('.opblock').evaluateAll((blocks) => blocks.map((b) => b.id))) shown.add(id);
      const scrolled = await page.evaluate(() => {
        const before = window.scrollY;
        window.scrollBy(0, window.innerHeight / 2);
        return window.scrollY !== before;
      });
      if (!scrolled) break;
      await page.waitForTimeout(50);
    }
    assert.deepEqual([...shown].sort(), operations.sort());
    assert.deepEqual(outside, [], 'nothing is loaded from outside the server');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'api-docs');
    await page.context().close();
  });
});
