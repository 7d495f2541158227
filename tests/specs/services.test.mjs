// Services Management in a real browser (site-content.md §2, §8, issue 11): on each of its
// three tabs a record is created and edited on its full-page form, reordered, deactivated
// and deleted without a confirmation; the edit page survives a reload, Back asks before
// unsaved work is lost, the Undo of a deleted service brings it back from the trash, and the public reads
// list only the active records in their order.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { dismissToasts, expectToast, newPage, screenshot, signIn, toast } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

// A real 1x1 PNG, so the server's content check accepts it as an image.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function list(page, tab) {
  return page.getByRole('list', { name: tab });
}

async function headings(page, tab) {
  const names = list(page, tab).getByRole('heading');
  return names.allTextContents();
}

async function waitForHeadings(page, tab, expected) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const actual = await headings(page, tab);
    if (JSON.stringify(actual) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) assert.deepEqual(actual, expected);
    await page.waitForTimeout(100);
  }
}

function row(page, tab, name) {
  return list(page, tab)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/// Opens the add page from the tab, fills it with `fill` and saves; back on the tab after.
async function create(page, { section, tab, add, title, saved }, fill) {
  await page.getByRole('link', { name: add }).click();
  await page.waitForURL((url) => url.pathname === `/services/${section}/new`);
  const form = page.getByRole('form', { name: title });
  await fill(form);
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, saved);
  await page.waitForURL((url) => url.pathname === `/services/${section}`);
  await dismissToasts(page);
}

/// Opens a record's edit page from the tab; answers its form.
async function openEdit(page, { section, tab, editTitle }, name) {
  await row(page, tab, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await page.waitForURL((url) => new RegExp(`^/services/${section}/\\d+/edit$`).test(url.pathname));
  return page.getByRole('form', { name: editTitle });
}

async function saveEdit(page, form, { section, updated }) {
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, updated);
  await page.waitForURL((url) => url.pathname === `/services/${section}`);
  await dismissToasts(page);
}

/// Does `move` and waits for the server's answer to the reorder it sends: the list shows
/// the new order at once, before the server has it.
async function reordered(page, path, move) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/api/${path}/order`) && response.request().method() === 'PUT',
  );
  await move();
  assert.equal((await saved).status(), 200);
}

async function publicTitles(page, path, field) {
  const response = await page.request.get(`/api/public/${path}`);
  assert.equal(response.status(), 200);
  return (await response.json()).map((record) => record[field]);
}

const SERVICES = {
  section: 'services',
  tab: 'Our Services',
  add: 'Add Service',
  title: 'Add Service',
  editTitle: 'Edit Service',
  saved: 'Service created successfully',
  updated: 'Service updated successfully',
};

const PROCESS = {
  section: 'process',
  tab: 'Our Process',
  add: 'Add Process Step',
  title: 'Add Process Step',
  editTitle: 'Edit Process Step',
  saved: 'Process step created successfully',
  updated: 'Process step updated successfully',
};

const TESTIMONIALS = {
  section: 'testimonials',
  tab: 'Client Testimonials',
  add: 'Add Testimonial',
  title: 'Add Testimonial',
  editTitle: 'Edit Testimonial',
  saved: 'Testimonial created successfully',
  updated: 'Testimonial updated successfully',
};

function fillService(titleEn, titleAr, icon, stepNumber) {
  return async (form) => {
    if (stepNumber !== undefined) await form.getByLabel('Step Number', { exact: true }).fill(String(stepNumber));
    await form.getByLabel('Title (English)', { exact: true }).fill(titleEn);
    await form.getByLabel('Title (Arabic)', { exact: true }).fill(titleAr);
    await form.getByLabel('Description (English)', { exact: true }).fill(`${titleEn}, done well.`);
    await form.getByLabel('Description (Arabic)', { exact: true }).fill(`${titleAr} بإتقان.`);
    await form.getByLabel('Icon', { exact: true }).fill(icon);
  };
}

describe('Services Management', () => {
  const env = serverAndBrowser();
  let files;

  before(() => {
    files = mkdtempSync(join(tmpdir(), 'aqar-services-'));
  });

  after(() => {
    if (files !== undefined) rmSync(files, { recursive: true, force: true });
  });

  test('services: created and edited on full-page forms, reordered, deactivated, deleted and restored by Undo', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    await page.goto('/services');
    await page.getByRole('heading', { name: 'Services Management' }).waitFor();
    assert.equal(await page.getByRole('tab', { name: 'Our Services' }).getAttribute('aria-selected'), 'true');
    await page.getByText('No services yet', { exact: true }).waitFor();
    await assertAccessible(page, 'Services Management, no services');

    // The add page: its own address, Arabic fields right to left, the rules' messages.
    await page.getByRole('link', { name: 'Add Service' }).click();
    await page.waitForURL((url) => url.pathname === '/services/services/new');
    const add = page.getByRole('form', { name: 'Add Service' });
    assert.equal(await add.getByLabel('Title (Arabic)', { exact: true }).getAttribute('dir'), 'rtl');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('English title is required', { exact: true }).waitFor();
    await add.getByText('Icon is required', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/services/services');

    await create(page, SERVICES, async (form) => {
      await fillService('Buying', 'الشراء', 'home')(form);
      await assertAccessible(page, 'the add-service form');
      await screenshot(page, 'services-form');
    });
    await create(page, SERVICES, fillService('Selling', 'البيع', 'tag'));
    await create(page, SERVICES, fillService('Renting', 'التأجير', 'key'));
    await waitForHeadings(page, 'Our Services', ['Buying', 'Selling', 'Renting']);

    // The edit page keeps its record over a reload; Back with unsaved changes asks first.
    let form = await openEdit(page, SERVICES, 'Buying');
    const editUrl = page.url();
    await page.reload();
    await form.waitFor();
    assert.equal(page.url(), editUrl);
    assert.equal(await form.getByLabel('Title (English)', { exact: true }).inputValue(), 'Buying');
    await page.getByRole('button', { name: 'History', exact: true }).waitFor();
    await form.getByLabel('Title (English)', { exact: true }).fill('Buying a home');
    await page.getByRole('link', { name: 'Back' }).click();
    const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    assert.equal(page.url(), editUrl);
    await saveEdit(page, form, SERVICES);
    await row(page, 'Our Services', 'Buying a home').waitFor();

    // Reordering by keyboard: the focus follows the moved row, the server keeps the order.
    await reordered(page, 'services', () =>
      row(page, 'Our Services', 'Renting').getByRole('button', { name: 'Move Renting up' }).click(),
    );
    await waitForHeadings(page, 'Our Services', ['Buying a home', 'Renting', 'Selling']);
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    assert.equal(focused, 'Move Renting up');
    const stored = await (await page.request.get('/api/services')).json();
    assert.deepEqual(
      stored.map((service) => [service.titleEn, service.displayOrder]),
      [
        ['Buying a home', 0],
        ['Renting', 1],
        ['Selling', 2],
      ],
    );

    // Deactivated: still listed here, gone from the public read, which keeps the order.
    form = await openEdit(page, SERVICES, 'Renting');
    await form.getByLabel('Active', { exact: true }).uncheck();
    await saveEdit(page, form, SERVICES);
    await row(page, 'Our Services', 'Renting').getByText('Inactive', { exact: true }).waitFor();
    assert.deepEqual(await publicTitles(page, 'services', 'titleEn'), ['Buying a home', 'Selling']);

    // Deleted at once, no question asked, to the trash; Undo brings it back in its place.
    page.on('dialog', (dialog) => assert.fail(`no confirmation expected, got '${dialog.message()}'`));
    await row(page, 'Our Services', 'Buying a home').getByRole('button', { name: 'Delete Buying a home' }).click();
    await expectToast(page, 'Service deleted successfully');
    await waitForHeadings(page, 'Our Services', ['Renting', 'Selling']);
    assert.deepEqual(await publicTitles(page, 'services', 'titleEn'), ['Selling']);
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Restored from the trash');
    await waitForHeadings(page, 'Our Services', ['Buying a home', 'Renting', 'Selling']);
    assert.deepEqual(await publicTitles(page, 'services', 'titleEn'), ['Buying a home', 'Selling']);
    await dismissToasts(page);
    await assertAccessible(page, 'Services Management with services');
    await page.context().close();
  });

  test('process steps: created with their numbers, edited, reordered, deactivated and deleted', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    await page.goto('/admin/services');
    await page.getByRole('tab', { name: 'Our Process' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/services/process');
    await page.reload();
    assert.equal(await page.getByRole('tab', { name: 'Our Process' }).getAttribute('aria-selected'), 'true');
    await page.getByText('No process steps yet', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Add Process Step' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/services/process/new');
    const first = page.getByRole('form', { name: 'Add Process Step' });
    await fillService('Tell us what you need', 'أخبرنا بما تحتاج', 'message-circle', 1)(first);
    await first.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Process step created successfully');
    await page.waitForURL((url) => url.pathname === '/admin/services/process');
    await dismissToasts(page);

    await page.goto('/services/process');
    await create(page, PROCESS, fillService('Visit the shortlist', 'زر القائمة المختصرة', 'map', 2));
    await create(page, PROCESS, fillService('Sign', 'التوقيع', 'pen', 3));
    await row(page, 'Our Process', 'Sign').getByText('Step 3').waitFor();

    const form = await openEdit(page, PROCESS, 'Visit the shortlist');
    assert.equal(await form.getByLabel('Step Number', { exact: true }).inputValue(), '2');
    await form.getByLabel('Active', { exact: true }).uncheck();
    await saveEdit(page, form, PROCESS);
    await row(page, 'Our Process', 'Visit the shortlist').getByText('Inactive', { exact: true }).waitFor();

    await reordered(page, 'process-steps', () =>
      row(page, 'Our Process', 'Sign').getByRole('button', { name: 'Move Sign up' }).click(),
    );
    await waitForHeadings(page, 'Our Process', ['Tell us what you need', 'Sign', 'Visit the shortlist']);
    // Dragging a row onto another's place moves it there.
    await reordered(page, 'process-steps', () =>
      row(page, 'Our Process', 'Sign').dragTo(row(page, 'Our Process', 'Tell us what you need')),
    );
    await waitForHeadings(page, 'Our Process', ['Sign', 'Tell us what you need', 'Visit the shortlist']);
    assert.deepEqual(await publicTitles(page, 'process-steps', 'titleEn'), ['Sign', 'Tell us what you need']);

    await row(page, 'Our Process', 'Sign').getByRole('button', { name: 'Delete Sign' }).click();
    await expectToast(page, 'Process step deleted successfully');
    await waitForHeadings(page, 'Our Process', ['Tell us what you need', 'Visit the shortlist']);
    assert.deepEqual(await publicTitles(page, 'process-steps', 'titleEn'), ['Tell us what you need']);
    await page.context().close();
  });

  test('testimonials: rated with stars and a photo, edited, reordered, deactivated and deleted', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    const png = join(files, 'client.png');
    writeFileSync(png, PNG_1X1);
    await page.goto('/services/testimonials');
    await page.getByText('No testimonials yet', { exact: true }).waitFor();

    const fill = (nameEn, nameAr, rating) => async (form) => {
      await form.getByLabel('Client Name (English)', { exact: true }).fill(nameEn);
      await form.getByLabel('Client Name (Arabic)', { exact: true }).fill(nameAr);
      await form.getByLabel('Client Position', { exact: true }).fill('Architect');
      await form.getByLabel('Client Company', { exact: true }).fill('Studio R');
      await form.getByLabel('Testimonial (English)', { exact: true }).fill(`${nameEn} found a home in three weeks.`);
      await form.getByLabel('Testimonial (Arabic)', { exact: true }).fill('وجدنا منزلنا خلال ثلاثة أسابيع.');
      if (rating !== undefined) await form.getByRole('radio', { name: `${rating} out of 5 stars` }).check();
    };
    await create(page, TESTIMONIALS, async (form) => {
      assert.equal(
        await form.getByRole('radio', { name: '5 out of 5 stars' }).isChecked(),
        true,
        'rating defaults to 5',
      );
      await fill('Rana Al-Masri', 'رنا المصري', 4)(form);
      // The stars are a radio group: the arrow keys move the rating.
      await form.getByRole('radio', { name: '4 out of 5 stars' }).focus();
      await page.keyboard.press('ArrowLeft');
      assert.equal(await form.getByRole('radio', { name: '3 out of 5 stars' }).isChecked(), true);
      await page.keyboard.press('ArrowRight');
      assert.equal(await form.getByRole('radio', { name: '4 out of 5 stars' }).isChecked(), true);
      await form.getByLabel('Upload a photo').setInputFiles(png);
      await form.getByRole('img', { name: 'Rana Al-Masri' }).waitFor();
      await assertAccessible(page, 'the add-testimonial form');
      await screenshot(page, 'services-testimonial-form');
    });
    await create(page, TESTIMONIALS, fill('James Whitfield', 'جيمس ويتفيلد'));
    await create(page, TESTIMONIALS, fill('Layla Haddad', 'ليلى حداد', 3));

    const rana = row(page, 'Client Testimonials', 'Rana Al-Masri');
    await rana.getByRole('img', { name: '4 out of 5 stars' }).waitFor();
    assert.match(
      await rana.getByRole('img', { name: 'Rana Al-Masri' }).getAttribute('src'),
      /^\/media\/[0-9a-f]+\.png\?w=160$/,
    );
    await row(page, 'Client Testimonials', 'James Whitfield').getByRole('img', { name: '5 out of 5 stars' }).waitFor();
    await rana.getByText('Architect, Studio R', { exact: true }).waitFor();
    await assertAccessible(page, 'Client Testimonials');
    await screenshot(page, 'services-testimonials');

    const form = await openEdit(page, TESTIMONIALS, 'Layla Haddad');
    await form.getByRole('radio', { name: '2 out of 5 stars' }).check();
    await form.getByLabel('Active', { exact: true }).uncheck();
    await saveEdit(page, form, TESTIMONIALS);
    const layla = row(page, 'Client Testimonials', 'Layla Haddad');
    await layla.getByRole('img', { name: '2 out of 5 stars' }).waitFor();
    await layla.getByText('Inactive', { exact: true }).waitFor();

    await reordered(page, 'testimonials', () =>
      row(page, 'Client Testimonials', 'James Whitfield')
        .getByRole('button', { name: 'Move James Whitfield up' })
        .click(),
    );
    await waitForHeadings(page, 'Client Testimonials', ['James Whitfield', 'Rana Al-Masri', 'Layla Haddad']);
    assert.deepEqual(await publicTitles(page, 'testimonials', 'clientNameEn'), ['James Whitfield', 'Rana Al-Masri']);

    await row(page, 'Client Testimonials', 'James Whitfield')
      .getByRole('button', { name: 'Delete James Whitfield' })
      .click();
    await expectToast(page, 'Testimonial deleted successfully');
    await waitForHeadings(page, 'Client Testimonials', ['Rana Al-Masri', 'Layla Haddad']);
    assert.deepEqual(await publicTitles(page, 'testimonials', 'clientNameEn'), ['Rana Al-Masri']);
    await page.context().close();
  });

  test('an address naming no tab or no record shows Page Not Found', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    for (const path of ['/services/pricing', '/services/services/abc/edit', '/services/services/999/edit']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    }
    await page.context().close();
  });
});
