// The import wizard in a real browser against the real server (issue 25): a CSV of five rows,
// three good and two bad, chosen through the file step; the columns matched from their
// headers; the check's counts and first errors; the rejected rows downloaded and read back
// (the two rows and a last column of their messages); the import with its progress, a reload
// in the middle that finds it again, the summary, and its link to the three new listings.
// axe on every step, and screenshots.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { screenshot } from '../support/browser.mjs';
import { scratchFolder } from '../support/files.mjs';
import { create, createCatalog, listing } from '../support/listings.mjs';
import { signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';
import { readSheet } from '../support/xlsx.mjs';

const HEADERS = [
  'Property Number',
  'Title (English)',
  'Title (Arabic)',
  'Description (English)',
  'Description (Arabic)',
  'Price',
  'Currency',
  'Area (sq m)',
  'Country (English)',
  'City (English)',
  'Location (English)',
  'Location (Arabic)',
  'Category (English)',
  'Property Type (English)',
  'Building Type',
  'Notes',
];

/// One row of the file: a listing of the test catalogue with what `overrides` changes.
function row(number, titleEn, titleAr, overrides = {}) {
  const values = {
    'Property Number': number,
    'Title (English)': titleEn,
    'Title (Arabic)': titleAr,
    'Description (English)': 'A family home, near the park',
    'Description (Arabic)': 'منزل عائلي قرب الحديقة',
    Price: '150000',
    Currency: 'JOD',
    'Area (sq m)': '220',
    'Country (English)': 'Jordan',
    'City (English)': 'Amman',
    'Location (English)': 'Abdoun, Amman',
    'Location (Arabic)': 'عبدون، عمّان',
    'Category (English)': 'Residential',
    'Property Type (English)': 'Villa',
    'Building Type': 'Villa',
    Notes: 'from the old catalogue',
    ...overrides,
  };
  return HEADERS.map((header) => values[header]);
}

// The rules' words for a header over 200 columns (rules::messages::IMPORT_TOO_MANY_COLUMNS).
const WIDE_REFUSED = 'The file has more than 200 columns';

const csvCell = (value) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

const ROWS = [
  row('IMP-1', 'Imported Garden Villa', 'فيلا الحديقة المستوردة'),
  row('IMP-2', 'Imported Hill House', 'بيت التل المستورد', { Price: '٢٥٠٬٠٠٠' }),
  row('IMP-3', 'Imported Bad Price', 'سعر خاطئ', { Price: 'a lot' }),
  row('IMP-4', 'Imported City Flat', 'شقة المدينة المستوردة'),
  row('IMP-5', 'Imported No Arabic Title', ''),
];
const GOOD = ['Imported Garden Villa', 'Imported Hill House', 'Imported City Flat'];
const BAD = ['Imported Bad Price', 'Imported No Arabic Title'];
const CSV = [HEADERS, ...ROWS].map((cells) => cells.map(csvCell).join(',')).join('\r\n');

/// The figure under a count's name (Valid, Created, ...).
async function count(page, name) {
  const term = page.locator('dt', { hasText: new RegExp(`^${name}$`) });
  return (await term.locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

describe('the import wizard', () => {
  const env = serverAndBrowser();
  const files = scratchFolder('aqar-import-');

  before(async () => {
    const page = await signedInPage(env);
    const catalog = await createCatalog(page);
    // A listing of before the import, which the imported listings' link leaves out.
    await create(page, '/api/properties', listing(catalog, { titleEn: 'Listing From Before', propertyNumber: 'OLD-1' }));
    await page.context().close();
  });

  test('imports the good rows of a CSV, gives back the bad ones, and links to the new listings', async () => {
    const page = await signedInPage(env);
    const file = files.write('catalogue.csv', Buffer.from(CSV, 'utf8'));

    // 1. The file, from the properties list's header.
    await page.goto('/properties');
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Choose a spreadsheet' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/properties/import');
    await assertAccessible(page, 'the import: file step');
    // A file refused before its rows are read says why, in the rules' words.
    const wide = files.write('wide.csv', Buffer.from(`${Array.from({ length: 20_000 }, (_, n) => `C${n}`).join(',')}\r\n`, 'utf8'));
    await page.getByTestId('import-file').setInputFiles(wide);
    await page.getByRole('alert').filter({ hasText: WIDE_REFUSED }).waitFor();
    await screenshot(page, 'import-refused');
    await page.getByTestId('import-file').setInputFiles(file);

    // 2. The columns, matched from the headers, with the sample values.
    await page.getByRole('heading', { name: 'Match the columns' }).waitFor();
    const importPath = new URL(page.url()).pathname;
    assert.match(importPath, /^\/properties\/import\/\d+$/);
    const id = Number(importPath.split('/').at(-1));
    await page.getByText('catalogue.csv: 5 rows. Choose the field each column fills.').waitFor();
    const field = (column) => page.getByRole('combobox', { name: `Field for the column ${column}` });
    assert.equal(await field('Title (English)').inputValue(), 'titleEn');
    assert.equal(await field('Price').inputValue(), 'price');
    assert.equal(await field('Notes').inputValue(), '', "an unknown header is 'Ignore this column'");
    await page.getByRole('cell', { name: 'Imported Garden Villa' }).first().waitFor();
    await assertAccessible(page, 'the import: columns step');
    await screenshot(page, 'import-columns');

    // 3. The check: counts and the first errors, each with its spreadsheet row.
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await page.getByRole('heading', { name: 'The check' }).waitFor();
    assert.equal(await count(page, 'Valid'), '3');
    assert.equal(await count(page, 'Invalid'), '2');
    assert.equal(await count(page, 'Will create'), '3');
    assert.equal(await count(page, 'Will update'), '0');
    const errors = page.getByRole('table', { name: 'The first errors' }).locator('tbody tr');
    assert.equal(await errors.count(), 2);
    const shown = [];
    for (let index = 0; index < 2; index += 1) {
      shown.push(await errors.nth(index).locator('td').allInnerTexts());
    }
    assert.deepEqual(
      shown.map(([rowNumber, fieldName]) => [rowNumber, fieldName]),
      [
        ['4', 'Price'],
        ['6', 'Title (Arabic)'],
      ],
    );
    for (const [, , message] of shown) assert.ok(message.trim().length > 0, 'each error has its message');
    await assertAccessible(page, 'the import: check step');
    await screenshot(page, 'import-check', { docs: true });

    // The rejected rows, downloaded and read back: the two bad rows and their messages.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the rejected rows' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.xlsx$/);
    const sheet = readSheet(readFileSync(await download.path())).map((cells) => cells.map((cell) => cell.text || cell.value || ''));
    assert.equal(sheet.length, 3, 'a header and the two rejected rows');
    const [header, ...rejected] = sheet;
    assert.deepEqual(header.slice(0, HEADERS.length), HEADERS);
    assert.equal(header.length, HEADERS.length + 1, 'one more column: the messages');
    assert.deepEqual(
      rejected.map((cells) => cells[1]),
      BAD,
    );
    assert.ok(rejected[0].at(-1).includes(shown[0][2]), `the first row's messages hold '${shown[0][2]}'`);
    assert.ok(rejected[1].at(-1).includes(shown[1][2]), `the second row's messages hold '${shown[1][2]}'`);

    // 4. The import: its progress, read from the server (slowed here so it can be seen), and
    // found again by a reload of the address.
    await page.route(`**/api/imports/${id}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Import 3 listings' }).click();
    const progress = page.getByRole('progressbar', { name: 'Importing catalogue.csv' });
    const finished = page.getByRole('heading', { name: 'Import finished' });
    await progress.or(finished).first().waitFor();
    if (await progress.isVisible()) {
      await assertAccessible(page, 'the import: progress');
      await screenshot(page, 'import-progress');
    }
    await page.reload();
    await progress.or(finished).first().waitFor();
    assert.equal(new URL(page.url()).pathname, importPath);

    // 5. The summary, and the new listings by its link.
    await finished.waitFor();
    await page.unroute(`**/api/imports/${id}`);
    assert.equal(await count(page, 'Created'), '3');
    assert.equal(await count(page, 'Updated'), '0');
    assert.equal(await count(page, 'Skipped'), '2');
    await assertAccessible(page, 'the import: summary');
    await screenshot(page, 'import-summary');

    await page.getByRole('link', { name: 'View the imported listings' }).click();
    await page.waitForURL((url) => url.pathname === '/properties' && url.searchParams.get('importId') === String(id));
    const table = page.getByRole('table', { name: 'Properties' });
    await table.getByText(GOOD[0]).waitFor();
    const titles = await table.locator('tbody tr td:nth-child(4) p:first-child').allInnerTexts();
    assert.deepEqual([...titles].sort(), [...GOOD].sort());
    await page.getByText('Imported listings', { exact: true }).waitFor();
    await assertAccessible(page, 'the properties list of one import');
    await screenshot(page, 'import-listings');

    // The chip takes the filter off: the listing of before shows again.
    await page.getByRole('button', { name: 'Show every listing' }).click();
    await table.getByText('Listing From Before').waitFor();
    assert.equal(new URL(page.url()).search, '');
  });
});
