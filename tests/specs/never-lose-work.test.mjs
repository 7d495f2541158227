// Never losing work, in a real browser against the real server (contract, "Never lose work"
// and "Concurrent edits"): forms with unsaved changes ask before they close or the screen
// changes, an expired session is renewed in a dialog over the screen and the refused save
// goes through, a deep link survives signing in, and a record changed by someone else
// meanwhile is settled by Overwrite or Reload.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { newPage, screenshot, signIn, toast } from '../support/browser.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

const DISCARD_QUESTION = 'Discard unsaved changes?';

async function signedInPage(browser, server) {
  const page = await newPage(browser, server.url);
  await signIn(page, ADMIN);
  return page;
}

/// Creates a category through the API with the page's session; answers the record.
async function createCategory(page, nameEn, nameAr) {
  const response = await page.request.post('/api/categories', { data: { nameEn, nameAr } });
  assert.equal(response.status(), 201, await response.text());
  return response.json();
}

/// Someone else saving the category: a PUT naming the version they read.
async function saveElsewhere(page, record, changes) {
  const { id, version, nameEn, nameAr, descriptionEn, descriptionAr, imageUrl } = record;
  const response = await page.request.put(`/api/categories/${id}`, {
    headers: { 'If-Match': `"${version}"` },
    data: { nameEn, nameAr, descriptionEn, descriptionAr, imageUrl, ...changes },
  });
  assert.equal(response.status(), 200, await response.text());
  return response.json();
}

async function category(page, id) {
  const response = await page.request.get('/api/categories');
  return (await response.json()).find((record) => record.id === id);
}

function row(page, text) {
  return page.getByRole('row').filter({ hasText: text });
}

async function openEdit(page, name) {
  await row(page, name).getByRole('button', { name: 'Edit' }).click();
  return page.getByRole('dialog', { name: 'Edit Category' });
}

/// Lets the page come to rest before a screenshot: no toast over it, no transition under way.
async function settle(page) {
  const close = toast(page).getByRole('button', { name: 'Close' });
  if ((await close.count()) > 0) await close.first().click();
  await toast(page).first().waitFor({ state: 'detached', timeout: 2000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

describe('never losing work', () => {
  const env = serverAndBrowser();

  test('a category dialog with unsaved changes asks before Escape, Cancel, the close button or a click outside closes it', async () => {
    const page = await signedInPage(env.browser, env.server);
    await page.goto('/categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Category' });
    const question = page.getByRole('alertdialog', { name: DISCARD_QUESTION });

    // Clean: Escape closes at once.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await question.count(), 0);

    await page.getByRole('button', { name: 'Add Category' }).click();
    await dialog.getByLabel('Name (English)').fill('Half-typed');
    const ways = {
      Escape: () => page.keyboard.press('Escape'),
      Cancel: () => dialog.getByRole('button', { name: 'Cancel' }).click(),
      'the close button': () => dialog.getByRole('button', { name: 'Close' }).click(),
      'a click outside': () => page.mouse.click(20, 780),
    };
    for (const [way, close] of Object.entries(ways)) {
      await close();
      await question.waitFor();
      if (way === 'Escape') {
        assert.equal(
          await question.getByText('You have changes that are not saved yet. If you leave now, they will be lost.').count(),
          1,
        );
        assert.equal(await question.getByRole('button', { name: 'Keep editing' }).evaluate((b) => b === document.activeElement), true);
        await settle(page);
        await screenshot(page, 'unsaved-changes-question');
        await assertAccessible(page, 'the discard question');
      }
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await question.waitFor({ state: 'detached' });
      // The form's dialog hears clicks outside again once Radix has made it the top layer,
      // an effect after the question left the page; it marks that on the dialog itself.
      await page.waitForFunction(() => document.querySelector('[role="dialog"]')?.style.pointerEvents === 'auto');
      assert.equal(await dialog.getByLabel('Name (English)').inputValue(), 'Half-typed', `kept after ${way}`);
    }

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await question.count(), 0);
    assert.equal(await row(page, 'Half-typed').count(), 0);
    await page.close();
  });

  test('leaving the screen with unsaved changes asks: the side bar, going back, closing the tab', async () => {
    const page = await signedInPage(env.browser, env.server);
    const question = page.getByRole('alertdialog', { name: DISCARD_QUESTION });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // From the dashboard the sign-in opened, within the app, so that Back stays in it.
    await nav.getByRole('link', { name: 'Categories', exact: true }).click();
    await page.getByText('All Categories (').waitFor();

    // A modal dialog covers the side bar: pressing a side-bar entry is a press outside it.
    const management = await nav.getByRole('link', { name: 'Management', exact: true }).boundingBox();
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Category' });
    await dialog.getByLabel('Name (Arabic)').fill('مسودة');
    await page.mouse.click(management.x + management.width / 2, management.y + management.height / 2);
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    assert.equal(new URL(page.url()).pathname, '/categories');

    // Back in history, to the dashboard.
    await page.goBack();
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    assert.equal(new URL(page.url()).pathname, '/categories');
    assert.equal(await dialog.getByLabel('Name (Arabic)').inputValue(), 'مسودة');

    // Closing the tab: the browser's own question, which this test answers 'stay'.
    const asked = new Promise((resolve) => {
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    assert.equal(await asked, 'beforeunload');
    assert.equal(page.isClosed(), false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The inline feature card: the side-bar link itself is pressed, and the route guard asks.
    await nav.getByRole('link', { name: 'Property Features' }).click();
    await page.getByRole('button', { name: 'Add Feature' }).click();
    const card = page.getByRole('form', { name: 'New Feature' });
    await card.getByLabel('Name (English)').fill('Sea View');
    await nav.getByRole('link', { name: 'Categories', exact: true }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    assert.equal(new URL(page.url()).pathname, '/features-management');
    assert.equal(await card.getByLabel('Name (English)').inputValue(), 'Sea View');
    await nav.getByRole('link', { name: 'Categories', exact: true }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL((url) => url.pathname === '/categories');

    // Nothing unsaved: the side bar leaves at once and the tab closes without asking.
    await nav.getByRole('link', { name: 'Management', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/management');
    let askedAgain = false;
    page.once('dialog', (question) => {
      askedAgain = true;
      void question.accept();
    });
    await page.close({ runBeforeUnload: true });
    await page.waitForEvent('close');
    assert.equal(askedAgain, false);
  });

  test('a session that expires mid-edit is renewed in a dialog over the form, and the save goes through', async () => {
    const page = await signedInPage(env.browser, env.server);
    const record = await createCategory(page, 'Commercial', 'تجاري');
    await page.goto('/categories');
    const dialog = await openEdit(page, 'Commercial');
    await dialog.getByLabel('Name (English)').fill('Commercial Offices');
    await dialog.getByLabel('Description (English)').fill('Offices and shops');
    const visited = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });

    await page.context().clearCookies();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const signInDialog = page.getByRole('dialog', { name: 'Your session has expired' });
    await signInDialog.waitFor();
    assert.equal(await signInDialog.getByLabel('Username').inputValue(), ADMIN.username);
    // The form is still there under the sign-in dialog (hidden from assistive technology meanwhile).
    assert.equal(await page.getByLabel('Name (English)').inputValue(), 'Commercial Offices');
    await settle(page);
    await screenshot(page, 'session-expired-sign-in');
    await assertAccessible(page, 'the sign-in dialog over an expired session');
    await signInDialog.getByLabel('Password').fill(ADMIN.password);
    await signInDialog.getByRole('button', { name: 'Sign In' }).click();

    await toast(page).getByText('Category updated successfully', { exact: true }).waitFor();
    await signInDialog.waitFor({ state: 'detached' });
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'Commercial Offices').waitFor();
    assert.deepEqual(visited, [], 'no navigation happened');
    assert.equal(new URL(page.url()).pathname, '/categories');
    const saved = await category(page, record.id);
    assert.equal(saved.nameEn, 'Commercial Offices');
    assert.equal(saved.descriptionEn, 'Offices and shops');
    assert.equal(saved.version, record.version + 1);
    await page.close();
  });

  test('a deep link opened signed out returns to that page, query included, after signing in', async () => {
    const page = await newPage(env.browser, env.server.url);
    await page.goto('/management?from=link');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL((url) => url.pathname === '/management');
    assert.equal(new URL(page.url()).search, '?from=link');
    await page.getByRole('heading', { name: 'Management' }).waitFor();
    await page.close();
  });

  test('Overwrite saves over a change made meanwhile', async () => {
    const page = await signedInPage(env.browser, env.server);
    const record = await createCategory(page, 'Land', 'أراضٍ');
    await page.goto('/categories');
    const dialog = await openEdit(page, 'Land');
    await dialog.getByLabel('Name (English)').fill('Land Plots');
    const theirs = await saveElsewhere(page, record, { nameAr: 'أراضي', descriptionEn: 'Theirs' });

    await dialog.getByRole('button', { name: 'Save' }).click();
    const conflict = dialog.getByRole('alert').filter({ hasText: 'Changed by someone else' });
    await conflict.waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Save' }).isDisabled(), true);
    await settle(page);
    await screenshot(page, 'edit-conflict');
    await assertAccessible(page, 'the conflict notice');
    assert.equal((await category(page, record.id)).version, theirs.version, 'the refused save changed nothing');
    await conflict.getByRole('button', { name: 'Overwrite' }).click();

    await toast(page).getByText('Category updated successfully', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const saved = await category(page, record.id);
    assert.equal(saved.version, theirs.version + 1);
    assert.equal(saved.nameEn, 'Land Plots');
    assert.equal(saved.nameAr, 'أراضٍ', 'the form as typed won');
    assert.equal(saved.descriptionEn, null);
    await page.close();
  });

  test("Reload takes a change made meanwhile into the form and keeps this person's other edits", async () => {
    const page = await signedInPage(env.browser, env.server);
    const record = await createCategory(page, 'Holiday Homes', 'بيوت العطلات');
    await page.goto('/categories');
    const dialog = await openEdit(page, 'Holiday Homes');
    await dialog.getByLabel('Name (English)').fill('Holiday Rentals');
    const theirs = await saveElsewhere(page, record, { nameAr: 'منازل العطلات', descriptionEn: 'Chalets by the sea' });

    await dialog.getByRole('button', { name: 'Save' }).click();
    const conflict = dialog.getByRole('alert').filter({ hasText: 'Changed by someone else' });
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'detached' });
    assert.equal(await dialog.getByLabel('Name (English)').inputValue(), 'Holiday Rentals');
    assert.equal(await dialog.getByLabel('Name (Arabic)').inputValue(), 'منازل العطلات');
    assert.equal(await dialog.getByLabel('Description (English)').inputValue(), 'Chalets by the sea');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await toast(page).getByText('Category updated successfully', { exact: true }).waitFor();
    const saved = await category(page, record.id);
    assert.equal(saved.version, theirs.version + 1);
    assert.equal(saved.nameEn, 'Holiday Rentals');
    assert.equal(saved.nameAr, 'منازل العطلات');
    assert.equal(saved.descriptionEn, 'Chalets by the sea');
    await page.close();
  });

  test('deleting a record changed meanwhile is refused with a toast, and the list shows it as it is', async () => {
    const page = await signedInPage(env.browser, env.server);
    const record = await createCategory(page, 'Investment', 'استثماري');
    await page.goto('/categories');
    await row(page, 'Investment').waitFor();
    await saveElsewhere(page, record, { nameEn: 'Investment Deals' });
    page.once('dialog', (confirm) => void confirm.accept());

    await row(page, 'Investment').getByRole('button', { name: 'Delete' }).click();

    await toast(page).getByText('Failed to delete category', { exact: true }).waitFor();
    await toast(page)
      .getByText('Someone else changed it after the list was loaded. The list now shows it as it is; delete it again if you still want to.')
      .waitFor();
    await row(page, 'Investment Deals').waitFor();
    assert.equal((await category(page, record.id)).nameEn, 'Investment Deals');
    await page.close();
  });
});
