// Hero Images Management in a real browser (issue 11, point 4): a hero per page created with
// an uploaded PNG and another by a URL that fails to load (the icon placeholder), edited,
// deactivated (gone from the public read), deleted through the browser's confirm; the upload
// and the URL clearing each other in what is saved; the pages in use marked in the choice;
// and the 409 naming the page when another hero took it meanwhile (site-content.md §2, §4, §8).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { dismissToasts, expectToast, newPage, screenshot, signIn } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

// A real 1x1 PNG, so the server's content check accepts it as an image.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const MEDIA = /^\/media\/[0-9a-f]{64}\.png$/;

function card(page, title) {
  return page.getByRole('list', { name: 'Hero Images Management' }).getByRole('listitem').filter({ hasText: title });
}

async function heroOf(page, pageName) {
  const heroes = await (await page.request.get('/api/hero-images')).json();
  return heroes.find((hero) => hero.pageName === pageName);
}

async function publicHeroes(page, pageName) {
  const response = await page.request.get(`/api/public/hero-images?pageName=${pageName}`);
  assert.equal(response.status(), 200);
  return response.json();
}

async function openAdd(page) {
  await page.getByRole('button', { name: 'Add Hero Image' }).first().click();
  return page.getByRole('dialog', { name: 'Add Hero Image' });
}

async function fillTitles(dialog, en, ar) {
  await dialog.getByLabel('Title (English)', { exact: true }).fill(en);
  await dialog.getByLabel('Title (Arabic)', { exact: true }).fill(ar);
}

describe('hero images management', () => {
  const env = serverAndBrowser();
  let files;
  let png;

  before(() => {
    files = mkdtempSync(join(tmpdir(), 'aqar-hero-'));
    png = join(files, 'hero.png');
    writeFileSync(png, PNG_1X1);
  });

  after(() => {
    if (files !== undefined) rmSync(files, { recursive: true, force: true });
  });

  test('a hero by upload and one by a broken URL are created, edited, deactivated and deleted', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    await page.goto('/admin/hero-images');
    await page.getByRole('heading', { name: 'Hero Images Management' }).waitFor();
    await page.getByRole('heading', { name: 'No Hero Images Found' }).waitFor();
    await assertAccessible(page, 'Hero Images Management, empty');

    const home = await openAdd(page);
    assert.equal(await home.getByRole('button', { name: 'History' }).count(), 0, 'a new hero has no history');
    await home.getByLabel('Page', { exact: true }).selectOption({ label: 'Home' });
    await fillTitles(home, 'Find your home', 'اعثر على منزلك');
    await home.getByLabel('Subtitle (English)').fill('Homes across Jordan');
    await home.getByLabel('Subtitle (Arabic)').fill('منازل في أنحاء الأردن');
    assert.equal(await home.getByLabel('Subtitle (Arabic)').getAttribute('dir'), 'rtl');
    await home.getByText('PNG, JPG, GIF up to 10MB', { exact: true }).waitFor();
    await home.getByLabel('Upload an image').setInputFiles(png);
    await home.getByRole('img', { name: 'Find your home' }).waitFor();
    await assertAccessible(page, 'the Add Hero Image dialog');
    await home.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Hero image created successfully');
    await home.waitFor({ state: 'detached' });
    const banner = card(page, 'Find your home').getByRole('img', { name: 'Find your home' });
    assert.match(await banner.getAttribute('src'), /^\/media\/[0-9a-f]{64}\.png\?w=640$/);
    assert.match((await heroOf(page, 'index')).imageData, MEDIA);

    // The page answers this address with HTML, which no browser can show as an image.
    const about = await openAdd(page);
    await about.getByLabel('Page', { exact: true }).selectOption({ label: 'About' });
    await fillTitles(about, 'About us', 'من نحن');
    await about.getByLabel('Or an image URL').fill(`${env.server.url}/no-such-hero.jpg`);
    await about.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Hero image created successfully');
    await about.waitFor({ state: 'detached' });
    await card(page, 'About us').getByRole('img', { name: 'Image unavailable' }).waitFor();
    assert.equal(await card(page, 'About us').getByRole('img', { name: 'About us' }).count(), 0);
    assert.deepEqual((await publicHeroes(page, 'about')).map((hero) => hero.titleEn), ['About us']);

    // Pages in use are marked and cannot be chosen for a new hero.
    const third = await openAdd(page);
    const choice = third.getByLabel('Page', { exact: true });
    assert.equal(await choice.locator('option', { hasText: 'Home (in use)' }).isDisabled(), true);
    assert.equal(await choice.locator('option', { hasText: 'About (in use)' }).isDisabled(), true);
    assert.equal(await choice.locator('option', { hasText: 'Investors' }).isDisabled(), false);
    await third.getByRole('button', { name: 'Cancel' }).click();
    await third.waitFor({ state: 'detached' });

    await card(page, 'Find your home').getByRole('button', { name: 'Edit the Home hero image' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Hero Image' });
    assert.equal(await edit.getByLabel('Page', { exact: true }).inputValue(), 'index');
    assert.equal(await edit.getByRole('option', { name: 'Home', exact: true }).isDisabled(), false, 'its own page stays selectable');
    assert.equal(await edit.locator('option', { hasText: 'About (in use)' }).isDisabled(), true);
    await edit.getByLabel('Title (English)', { exact: true }).fill('Find your next home');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Hero image updated successfully');
    await edit.waitFor({ state: 'detached' });
    await card(page, 'Find your next home').waitFor();

    await card(page, 'About us').getByRole('button', { name: 'Edit the About hero image' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Edit Hero Image' });
    await deactivate.getByRole('button', { name: 'History' }).click();
    await deactivate.getByRole('list', { name: 'History of changes' }).getByRole('listitem').first().waitFor();
    await deactivate.getByLabel('Active', { exact: true }).uncheck();
    await assertAccessible(page, 'the Edit Hero Image dialog with its history');
    await screenshot(page, 'hero-images-edit');
    await deactivate.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Hero image updated successfully');
    await deactivate.waitFor({ state: 'detached' });
    await card(page, 'About us').getByText('Inactive', { exact: true }).waitFor();
    assert.deepEqual(await publicHeroes(page, 'about'), [], 'an inactive hero is not on the public site');
    assert.equal((await publicHeroes(page, 'index')).length, 1);

    await dismissToasts(page);
    await assertAccessible(page, 'Hero Images Management with two heroes');
    await screenshot(page, 'hero-images', { docs: true });

    let asked;
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await card(page, 'About us').getByRole('button', { name: 'Delete the About hero image' }).click();
    await expectToast(page, 'Hero image deleted successfully');
    assert.equal(asked, 'Are you sure you want to delete this hero image?');
    await card(page, 'About us').waitFor({ state: 'detached' });
    assert.equal(await heroOf(page, 'about'), undefined);
    await page.context().close();
  });

  test('the upload and the URL clear each other in what is saved', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    await page.goto('/admin/hero-images');
    // A linked image that loads: the PNG as the media store serves it, by its full address.
    const stored = await page.request.post('/api/upload-image', {
      multipart: { image: { name: 'linked.png', mimeType: 'image/png', buffer: PNG_1X1 } },
    });
    assert.equal(stored.ok(), true, await stored.text());
    const url = `${env.server.url}${(await stored.json()).imageUrl}`;

    const add = await openAdd(page);
    await add.getByLabel('Page', { exact: true }).selectOption('properties');
    await fillTitles(add, 'Our listings', 'عقاراتنا');
    await add.getByLabel('Upload an image').setInputFiles(png);
    assert.match(await add.getByRole('img', { name: 'Our listings' }).getAttribute('src'), /^data:image\/png;base64,/);
    await add.getByLabel('Or an image URL').fill(url);
    assert.equal(await add.getByRole('img', { name: 'Our listings' }).getAttribute('src'), url, 'the URL replaced the upload');
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Hero image created successfully');
    await add.waitFor({ state: 'detached' });
    const linked = await heroOf(page, 'properties');
    assert.equal(linked.imageUrl, url);
    assert.equal(linked.imageData, null);

    await card(page, 'Our listings').getByRole('button', { name: 'Edit the Properties hero image' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Hero Image' });
    assert.equal(await edit.getByLabel('Or an image URL').inputValue(), url);
    await edit.getByLabel('Upload an image').setInputFiles(png);
    // The file is read in the background; its preview shows once it is taken.
    await edit.locator('img[src^="data:image/png"]').waitFor();
    assert.equal(await edit.getByLabel('Or an image URL').inputValue(), '', 'the upload cleared the URL');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Hero image updated successfully');
    await edit.waitFor({ state: 'detached' });
    const uploaded = await heroOf(page, 'properties');
    assert.match(uploaded.imageData, MEDIA);
    assert.equal(uploaded.imageUrl, null);
    await page.context().close();
  });

  test("a page taken meanwhile is refused with the server's message naming it", async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    await page.goto('/admin/hero-images');
    await card(page, 'Find your next home').waitFor();

    const add = await openAdd(page);
    await add.getByLabel('Page', { exact: true }).selectOption('team');
    await fillTitles(add, 'Meet the team', 'تعرف على الفريق');
    // Someone else gives the Team page its hero while this dialog is open.
    const taken = await page.request.post('/api/hero-images', {
      data: { pageName: 'team', titleEn: 'Our people', titleAr: 'فريقنا', isActive: true },
    });
    assert.equal(taken.status(), 201);
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByRole('alert').getByText('A hero image for the Team page already exists', { exact: true }).waitFor();
    assert.equal(await add.getByLabel('Title (English)', { exact: true }).inputValue(), 'Meet the team', 'nothing typed is lost');
    await add.locator('option', { hasText: 'Team (in use)' }).waitFor({ state: 'attached' });
    assert.equal(await add.locator('option', { hasText: 'Team (in use)' }).isDisabled(), true);
    await assertAccessible(page, 'the Add Hero Image dialog refused with 409');

    const again = await page.request.post('/api/hero-images', {
      data: { pageName: 'team', titleEn: 'Twice', titleAr: 'مرتين', isActive: true },
    });
    assert.equal(again.status(), 409);
    assert.equal((await again.json()).message, 'A hero image for the Team page already exists');
    await page.context().close();
  });
});
