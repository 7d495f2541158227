// The About page in a real browser (issue 12): a story and a mission, the values editor
// (three values added, one removed, the last one kept), the summary's ticks, and the 5 MB
// refusal with its exact texts (site-content.md §2, §5, §8).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { dismissToasts, expectToast, screenshot } from '../support/browser.mjs';
import { PNG_1X1, scratchFolder } from '../support/files.mjs';
import { signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';

function badge(page, name) {
  return page.getByRole('list', { name: 'Summary' }).getByText(name, { exact: true });
}

describe('the About page', () => {
  const env = serverAndBrowser();
  const files = scratchFolder('aqar-about-');

  test('a story, a mission and the values editor; the summary turns to ticks', async () => {
    const page = await signedInPage(env);
    await page.goto('/about-management');
    await page.getByRole('heading', { name: 'About Page Management' }).waitFor();
    await page.getByText('No story sections created yet').waitFor();
    for (const name of ['Story: missing', 'Mission: missing', 'Values: missing']) await badge(page, name).waitFor();
    await assertAccessible(page, 'About Page Management, empty');

    await page.getByRole('button', { name: 'Create story section' }).click();
    const story = page.getByRole('dialog', { name: 'Add About Section' });
    assert.equal(await story.getByLabel('Section position', { exact: true }).inputValue(), 'story');
    assert.equal(await story.getByLabel('Title (Arabic)', { exact: true }).getAttribute('dir'), 'rtl');
    await story.getByLabel('Title (English)', { exact: true }).fill('Our Story');
    await story.getByLabel('Title (Arabic)', { exact: true }).fill('قصتنا');
    await story.getByLabel('Content (English)', { exact: true }).fill('Founded in Amman in 2005.');
    await story.getByLabel('Content (Arabic)', { exact: true }).fill('تأسست في عمّان عام 2005.');
    await assertAccessible(page, 'the about-section editor');
    await story.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'About section created successfully');
    await story.waitFor({ state: 'detached' });
    await page.getByText('Already created: edit it below rather than adding a second one.').first().waitFor();

    await page.getByRole('button', { name: 'Create mission section' }).click();
    const mission = page.getByRole('dialog', { name: 'Add About Section' });
    assert.equal(await mission.getByLabel('Section position', { exact: true }).inputValue(), 'mission');
    await mission.getByLabel('Title (English)', { exact: true }).fill('Our Mission');
    await mission.getByLabel('Title (Arabic)', { exact: true }).fill('مهمتنا');
    await mission.getByLabel('Content (English)', { exact: true }).fill('Clear and fair property decisions.');
    await mission.getByLabel('Content (Arabic)', { exact: true }).fill('قرارات عقارية واضحة وعادلة.');
    await mission.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'About section created successfully');
    await badge(page, 'Story: created').waitFor();
    await badge(page, 'Mission: created').waitFor();
    await badge(page, 'Values: missing').waitFor();

    await page.getByRole('button', { name: 'Create values section' }).click();
    const editor = page.getByRole('dialog', { name: 'Values Section' });
    assert.equal(await editor.getByLabel('Section title (English)').inputValue(), 'Our Values');
    assert.equal(await editor.getByRole('button', { name: 'Remove value 1' }).isDisabled(), true, 'the last value cannot be removed');
    await editor.getByRole('button', { name: 'Add another value' }).click();
    await editor.getByRole('button', { name: 'Add another value' }).click();
    const fill = async (number, title) => {
      const item = editor.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Value ${number}`, exact: true }) });
      await item.getByLabel('Value title (English)').fill(title);
      await item.getByLabel('Value title (Arabic)').fill(`${title} (ع)`);
      await item.getByLabel('Description (English)').fill(`${title} guides us.`);
      await item.getByLabel('Description (Arabic)').fill('وصف القيمة');
    };
    await fill(1, 'Integrity');
    await fill(2, 'Doubt');
    await fill(3, 'Care');

    // A value image over 5 MB is refused in the browser with the rules' exact texts.
    const big = files.write('big.png', Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]));
    await editor.getByRole('listitem').first().getByLabel('Upload an image').setInputFiles(big);
    // The toast shows over the open dialog, which hides everything else from the role tree.
    await page.getByText('File too large', { exact: true }).waitFor();
    await page.getByText('Please select an image smaller than 5MB', { exact: true }).waitFor();
    assert.equal(await editor.getByRole('listitem').first().getByRole('img').count(), 0, 'the file was not taken');

    await editor.getByRole('button', { name: 'Remove value 2' }).click();
    assert.equal(await editor.getByRole('heading', { name: /^Value \d$/ }).count(), 2);
    await assertAccessible(page, 'the values editor');
    await screenshot(page, 'about-values-editor', { docs: true });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Values section saved successfully');
    await editor.waitFor({ state: 'detached' });
    await badge(page, 'Values: created').waitFor();
    const values = await (
      await page.request.get('/api/about-sections')
    ).json();
    const saved = values.filter((s) => s.sectionType === 'values');
    assert.deepEqual(
      saved.map((s) => [s.titleEn, s.subtitleEn, s.orderIndex]),
      [
        ['Our Values', 'The principles that guide everything we do', 1],
        ['Care', 'Care', 2],
      ],
    );
    await dismissToasts(page);
    await assertAccessible(page, 'About Page Management with every section');
    await screenshot(page, 'about-management', { docs: true });
    await page.context().close();
  });
});
