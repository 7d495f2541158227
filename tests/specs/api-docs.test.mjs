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
    await page.getByText('/api/categories/{id}').first().waitFor();
    const document = await (await page.request.get('/api/openapi.json')).json();
    const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    assert.equal(await page.locator('.opblock').count(), operations);
    assert.deepEqual(outside, [], 'nothing is loaded from outside the server');
    await screenshot(page, 'api-docs');
    await page.context().close();
  });
});
