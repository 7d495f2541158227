// Team Management in a real browser (issue 11, site-content.md §2, §5, §8): the empty state,
// a member created with an uploaded photo while the Arabic fields copy the English ones until
// edited, an edit, a second member, the order changed by keyboard and by dragging and kept
// after a reload and by the public read, a deactivation the public read follows, and a
// delete behind its exact question.
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

function grid(page) {
  return page.getByRole('list', { name: 'Team members' });
}

function card(page, name) {
  return grid(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function names(page) {
  return grid(page).getByRole('heading').allTextContents();
}

async function waitForOrder(page, expected) {
  await page.waitForFunction(
    (wanted) =>
      JSON.stringify(
        [...document.querySelectorAll('ul[aria-label="Team members"] h3')].map((heading) => heading.textContent),
      ) === JSON.stringify(wanted),
    expected,
  );
}

async function publicNames(page) {
  const response = await page.request.get('/api/public/team-members');
  assert.equal(response.status(), 200);
  return (await response.json()).map((member) => member.nameEn);
}

/// Resolves with the answer to the next `PUT /api/team-members/order`.
function orderSaved(page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/team-members/order') && response.request().method() === 'PUT',
  );
}

describe('Team Management', () => {
  const env = serverAndBrowser();
  let files;

  before(() => {
    files = mkdtempSync(join(tmpdir(), 'aqar-team-'));
  });

  after(() => {
    if (files !== undefined) rmSync(files, { recursive: true, force: true });
  });

  test('members are created, copied into Arabic, edited, reordered, deactivated and deleted', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    const photo = join(files, 'jane.png');
    writeFileSync(photo, PNG_1X1);

    await page.goto('/team');
    await page.getByRole('heading', { name: 'Team Management' }).waitFor();
    await page.getByRole('heading', { name: 'No team members yet' }).waitFor();
    await assertAccessible(page, 'Team Management, empty');

    // The first member, through the header's button.
    await page.getByRole('button', { name: 'Add Team Member' }).click();
    const add = page.getByRole('dialog', { name: 'Add Team Member' });
    const nameEn = add.getByLabel('Name (English)', { exact: true });
    const nameAr = add.getByLabel('Name (Arabic)', { exact: true });
    for (const label of ['Name (Arabic)', 'Position (Arabic)', 'Description (Arabic)']) {
      assert.equal(await add.getByLabel(label, { exact: true }).getAttribute('dir'), 'rtl', `${label} is right to left`);
    }
    await nameEn.pressSequentially('Jane');
    assert.equal(await nameAr.inputValue(), 'Jane', 'the Arabic name starts as a copy of the English one');
    await nameAr.fill('جين حداد');
    await nameEn.press('End');
    await nameEn.pressSequentially(' Haddad');
    assert.equal(await nameEn.inputValue(), 'Jane Haddad');
    assert.equal(await nameAr.inputValue(), 'جين حداد', 'an edited Arabic name no longer follows');
    await add.getByLabel('Position (English)', { exact: true }).fill('Sales Director');
    assert.equal(await add.getByLabel('Position (Arabic)', { exact: true }).inputValue(), 'Sales Director');
    await add.getByLabel('Position (Arabic)', { exact: true }).fill('مديرة المبيعات');
    await add.getByLabel('Description (English)', { exact: true }).fill('Leads the sales team in Amman.');
    await add.getByLabel('Description (Arabic)', { exact: true }).fill('تقود فريق المبيعات في عمّان.');
    await add.getByText('JPG, PNG or GIF, max 5MB', { exact: true }).waitFor();
    await add.getByLabel('Upload a photo').setInputFiles(photo);
    await add.getByRole('img', { name: 'Jane Haddad' }).waitFor();
    await add.getByLabel('Experience (years)').fill('12');
    await add.getByLabel('Email').fill('jane@example.com');
    await add.getByRole('button', { name: 'Add specialization' }).click();
    await add.getByLabel('Specialization 1', { exact: true }).fill('Villas');
    for (const [number, specialization] of [
      [2, 'Apartments'],
      [3, 'Land'],
      [4, 'Offices'],
    ]) {
      await page.keyboard.press('Enter');
      await add.getByLabel(`Specialization ${number}`, { exact: true }).fill(specialization);
    }
    // A social link runs nothing: the rules' safe-URL message, and nothing typed is lost.
    await add.getByLabel('LinkedIn').fill('javascript:alert(1)');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('Please enter a web address starting with https:// or http://', { exact: true }).waitFor();
    assert.equal(await add.getByLabel('LinkedIn').getAttribute('aria-invalid'), 'true');
    assert.equal(await nameEn.inputValue(), 'Jane Haddad');
    await add.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/jane-haddad');
    await assertAccessible(page, 'the Add Team Member dialog');
    await add.evaluate((dialog) => dialog.scrollTo(0, 0));
    await screenshot(page, 'team-dialog');
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Team member created successfully');
    await add.waitFor({ state: 'detached' });

    const jane = card(page, 'Jane Haddad');
    assert.match(await jane.getByRole('img', { name: 'Jane Haddad' }).getAttribute('src'), /^\/media\/[0-9a-f]{64}\.png\?w=320$/);
    await jane.getByText('Sales Director', { exact: true }).waitFor();
    await jane.getByText('+1 more', { exact: true }).waitFor();
    await jane.getByText('12 years experience', { exact: true }).waitFor();
    await jane.getByText('Active', { exact: true }).waitFor();

    // An edit: the Arabic position, translated, stays as it is.
    await jane.getByRole('button', { name: 'Edit Jane Haddad' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team Member' });
    assert.equal(await edit.getByLabel('Name (Arabic)', { exact: true }).inputValue(), 'جين حداد');
    await edit.getByLabel('Position (English)', { exact: true }).fill('Head of Sales');
    assert.equal(await edit.getByLabel('Position (Arabic)', { exact: true }).inputValue(), 'مديرة المبيعات');
    await edit.getByRole('button', { name: 'History' }).waitFor();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Team member updated successfully');
    await edit.waitFor({ state: 'detached' });
    await jane.getByText('Head of Sales', { exact: true }).waitFor();

    // A second member whose Arabic fields are left as the copies.
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Add Team Member' }).click();
    const second = page.getByRole('dialog', { name: 'Add Team Member' });
    await second.getByLabel('Name (English)', { exact: true }).fill('Omar Saleh');
    await second.getByLabel('Position (English)', { exact: true }).fill('Leasing Agent');
    await second.getByLabel('Description (English)', { exact: true }).fill('Finds tenants for investors.');
    await second.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Team member created successfully');
    await second.waitFor({ state: 'detached' });
    const omar = card(page, 'Omar Saleh');
    await omar.getByText('N/A', { exact: true }).waitFor();
    assert.deepEqual(await names(page), ['Jane Haddad', 'Omar Saleh']);
    const [stored] = (await (await page.request.get('/api/team-members')).json()).filter((m) => m.nameEn === 'Omar Saleh');
    assert.equal(stored.nameAr, 'Omar Saleh', 'the untouched Arabic name was saved as the copy');
    await dismissToasts(page);

    // Reordered by keyboard: the focus follows the moved member.
    let saved = orderSaved(page);
    await page.getByRole('button', { name: 'Move Omar Saleh earlier' }).focus();
    await page.keyboard.press('Enter');
    assert.equal((await saved).status(), 200);
    await waitForOrder(page, ['Omar Saleh', 'Jane Haddad']);
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move Omar Saleh later');

    // Reordered by dragging Jane onto Omar's place.
    saved = orderSaved(page);
    await card(page, 'Jane Haddad').dragTo(card(page, 'Omar Saleh'));
    assert.equal((await saved).status(), 200);
    await waitForOrder(page, ['Jane Haddad', 'Omar Saleh']);

    await page.reload();
    await waitForOrder(page, ['Jane Haddad', 'Omar Saleh']);
    assert.deepEqual(await publicNames(page), ['Jane Haddad', 'Omar Saleh']);

    // Deactivated: the card says so and the public site no longer lists him.
    await card(page, 'Omar Saleh').getByRole('button', { name: 'Edit Omar Saleh' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Edit Team Member' });
    await deactivate.getByLabel(/^Active/).uncheck();
    await deactivate.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Team member updated successfully');
    await deactivate.waitFor({ state: 'detached' });
    await card(page, 'Omar Saleh').getByText('Inactive', { exact: true }).waitFor();
    assert.deepEqual(await publicNames(page), ['Jane Haddad']);
    await dismissToasts(page);
    await page.mouse.move(0, 0);
    await assertAccessible(page, 'Team Management with two members');
    await screenshot(page, 'team', { docs: true });

    // Deleted behind the exact question.
    await card(page, 'Omar Saleh').getByRole('button', { name: 'Delete Omar Saleh' }).click();
    const question = page.getByRole('alertdialog');
    await question
      .getByText('Are you sure you want to delete Omar Saleh? This action cannot be undone.', { exact: true })
      .waitFor();
    await assertAccessible(page, 'the delete question');
    await question.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Team member deleted successfully');
    await card(page, 'Omar Saleh').waitFor({ state: 'detached' });
    assert.deepEqual(await names(page), ['Jane Haddad']);
    await page.context().close();
  });
});
