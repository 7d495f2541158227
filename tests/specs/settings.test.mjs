// The company settings in a real browser (issue 10): they round-trip with a logo, and an
// SVG logo becomes a PNG (site-content.md §2, §5, §8).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { screenshot, toast } from '../support/browser.mjs';
import { PNG_1X1, scratchFolder } from '../support/files.mjs';
import { signedInPage } from '../support/pages.mjs';
import { serverAndBrowser } from '../support/server.mjs';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0a7"/><script>alert(1)</script></svg>';

async function expectToast(page, title) {
  await toast(page).getByText(title, { exact: true }).first().waitFor();
}

describe('the company settings', () => {
  const env = serverAndBrowser();
  const files = scratchFolder('aqar-settings-');

  test('the company settings round-trip with a logo; an SVG logo becomes a PNG', async () => {
    const page = await signedInPage(env);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Company Settings' }).waitFor();
    await page.getByText('PNG, JPG or SVG up to 5MB').waitFor();
    assert.equal(await page.getByLabel('Value').first().getAttribute('placeholder'), '500');
    assert.equal(await page.getByLabel('Company Name (Arabic)').getAttribute('dir'), 'rtl');
    await assertAccessible(page, 'Company Settings');

    await page.getByLabel('Company Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Company name is required', { exact: true }).waitFor();
    await page.getByLabel('Company Name', { exact: true }).fill('Aqar');
    await page.getByLabel('Company Name (English)').fill('Aqar Real Estate');
    await page.getByLabel('Company Name (Arabic)').fill('عقار');
    await page.getByLabel('Contact Email').fill('info@aqar');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await page.getByLabel('Contact Email').fill('info@aqar.example');
    const properties = page.getByRole('group', { name: 'Properties' });
    await properties.getByLabel('Value').fill('750');
    await properties.getByLabel('Label (Arabic)').fill('عقار معروض');
    const logo = files.write('logo.png', PNG_1X1);
    await page.locator('input[type=file]').setInputFiles(logo);
    await page.getByRole('img', { name: 'Company logo' }).waitFor();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated successfully');
    await toast(page).getByText('Your company settings have been saved.').waitFor();
    await screenshot(page, 'settings', { docs: true });

    await page.reload();
    await page.getByRole('heading', { name: 'Company Settings' }).waitFor();
    await page.getByRole('button', { name: 'History' }).click();
    const changes = page.getByRole('list', { name: 'History of changes' }).getByRole('listitem');
    await changes.first().waitFor();
    assert.equal(await changes.count(), 1, 'the first save');
    assert.equal(await page.getByLabel('Company Name (Arabic)').inputValue(), 'عقار');
    assert.equal(await page.getByRole('group', { name: 'Properties' }).getByLabel('Value').inputValue(), '750');
    const stored = await page.getByRole('img', { name: 'Company logo' }).getAttribute('src');
    assert.match(stored, /^\/media\/[0-9a-f]{64}\.png/);

    const svg = files.write('logo.svg', SVG);
    await page.locator('input[type=file]').setInputFiles(svg);
    // The SVG was drawn into a PNG before it reached the form.
    await page.locator('img[alt="Company logo"][src^="data:image/png;base64,"]').waitFor();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated successfully');
    const saved = await page.evaluate(async () => (await (await fetch('/api/public/settings')).json()).companyLogo);
    assert.match(saved, /^\/media\/[0-9a-f]{64}\.png$/);
  });
});
