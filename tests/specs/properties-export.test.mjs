// The listings export from the properties list in a real browser against the real server
// (issue 25): the list searched and ordered, 'Export' → Excel and → CSV, each download read
// back and holding exactly the listings the list shows, in its order; axe on the open menu.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { screenshot } from '../support/browser.mjs';
import { create, createCatalog, listing } from '../support/listings.mjs';
import { signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';
import { readSheet } from '../support/xlsx.mjs';

const LISTINGS = [
  { titleEn: 'Sea View Villa', price: 300000 },
  { titleEn: 'Garden Flat', price: 90000 },
  { titleEn: 'Hill Villa', price: 150000 },
  { titleEn: '=Formula Villa', price: 220000 },
  { titleEn: 'Town House', price: 120000 },
];

/// RFC 4180 records of a CSV text.
function csvRecords(text) {
  const records = [];
  let record = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      /* the \n ends the record */
    } else if (c === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  return records;
}

/// Chooses `format` in the Export menu and answers the download's name and bytes.
async function exported(page, item) {
  await page.getByRole('button', { name: 'Export' }).click();
  const menu = page.getByRole('menu', { name: 'Export' });
  await menu.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: item }).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

describe('the listings export', () => {
  const env = serverAndBrowser();

  before(async () => {
    const page = await signedInPage(env);
    const catalog = await createCatalog(page);
    for (const [index, { titleEn, price }] of LISTINGS.entries()) {
      await create(page, '/api/properties', listing(catalog, { titleEn, price, propertyNumber: `EX-${index + 1}` }));
    }
    await page.context().close();
  });

  test('exports exactly the searched and ordered list, as Excel and as CSV', async () => {
    const page = await signedInPage(env);
    await page.goto('/properties');
    await page.getByText('Showing 1 to 5 of 5 results', { exact: true }).waitFor();
    await page.getByLabel('Search by title, number or location...').fill('villa');
    await page.getByText('Showing 1 to 3 of 3 results', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Price' }).click();
    await page.waitForURL(/sort=price/);
    const shown = ['Hill Villa', '=Formula Villa', 'Sea View Villa'];
    await page.getByRole('table', { name: 'Properties' }).locator('tbody tr').first().filter({ hasText: shown[0] }).waitFor();

    // The menu, open, passes axe; Escape closes it and gives the focus back.
    await page.getByRole('button', { name: 'Export' }).click();
    const menu = page.getByRole('menu', { name: 'Export' });
    await menu.waitFor();
    assert.equal(await menu.getByRole('menuitem').count(), 2);
    await assertAccessible(page, 'the properties list with its export menu open');
    await screenshot(page, 'properties-export-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('button', { name: 'Export' }).evaluate((b) => b === document.activeElement), true);

    const excel = await exported(page, 'Excel (.xlsx)');
    assert.match(excel.name, /^properties-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = readSheet(excel.bytes);
    assert.equal(rows[0][1].text, 'Title (English)');
    assert.deepEqual(rows.slice(1).map((cells) => cells.find((c) => c.ref.startsWith('B'))?.text), shown);
    assert.ok(rows.flat().every((cell) => !cell.formula), 'no formula in the workbook');

    const csv = await exported(page, 'CSV (.csv)');
    assert.match(csv.name, /^properties-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.deepEqual([...csv.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a byte-order mark');
    const records = csvRecords(csv.bytes.subarray(3).toString('utf8'));
    assert.equal(records[0][1], 'Title (English)');
    assert.deepEqual(
      records.slice(1).map((r) => r[1]),
      ['Hill Villa', "'=Formula Villa", 'Sea View Villa'],
      'the same listings, the formula-looking title quoted as text',
    );
    await page.context().close();
  });
});
