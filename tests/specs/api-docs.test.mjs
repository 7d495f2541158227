// The API's own documentation: the public OpenAPI document and the interactive reference
// page at /api/docs, served from the binary with no session and no CDN.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { launchBrowser, newPage, screenshot } from '../support/browser.mjs';
import { startServer } from '../support/server.mjs';

describe('the API reference', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('/api/docs shows every operation of the document without signing in', async () => {
    const page = await newPage(browser, server.url);
    const outside = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url)) outside.push(request.url());
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
