// Restoring an earlier version from a record's History view (issue 24), in a real browser
// against the real server: a listing's earlier version, its difference from now shown field
// by field, written back through the listing's own update, its values and features back;
// the same dialog in Arabic, right to left.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { screenshot } from '../support/browser.mjs';
import { api, editFromList, expectToast, propertyFormFixture } from '../support/property-form.mjs';

/// The History view's entries in the open edit dialog, newest first.
async function historyEntries(dialog, show) {
  await dialog.getByRole('button', { name: show, exact: true }).click();
  const entries = dialog.getByRole('listitem').filter({ hasText: /admin/ });
  await entries.first().waitFor();
  return entries;
}

describe('restoring an earlier version', () => {
  const { catalog, signedInPage, listing } = propertyFormFixture();

  test('brings a listing back as it was, its features too, from its History view', async () => {
    const page = await signedInPage();
    const villa = await listing(page, { titleEn: 'Sea view villa', titleAr: 'فيلا بإطلالة بحرية', price: 500000 });
    await api(page, 'POST', `/api/properties/${villa.id}/features`, { featureIds: [catalog.garden.id] });
    await api(page, 'PUT', `/api/properties/${villa.id}`, {
      ...villa,
      titleEn: 'Villa, price cut',
      titleAr: 'فيلا بسعر مخفض',
      price: 420000,
    });
    await api(page, 'POST', `/api/properties/${villa.id}/features`, { featureIds: [catalog.rooftop.id] });

    const edit = await editFromList(page, 'Villa, price cut');
    const entries = await historyEntries(edit, 'History');
    assert.equal(await entries.count(), 4);
    assert.equal(await entries.nth(0).getByRole('button', { name: 'Restore this version' }).count(), 0, 'the newest is the record now');
    await entries.nth(2).getByRole('button', { name: 'Restore this version' }).click();

    const restore = page.getByRole('dialog', { name: 'Restore an earlier version' });
    const table = restore.getByRole('table', { name: 'Differences from the record now' });
    await table.waitFor();
    const rows = (await table.getByRole('row').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    assert.deepEqual(rows.slice(1), [
      `Feature ids ${catalog.rooftop.id} ${catalog.garden.id}`,
      'Price 420000 500000',
      'Title (Arabic) فيلا بسعر مخفض فيلا بإطلالة بحرية',
      'Title (English) Villa, price cut Sea view villa',
    ]);
    await assertAccessible(page, 'the Restore an earlier version dialog');
    await screenshot(page, 'restore-version', { docs: true });

    await restore.getByRole('button', { name: 'Restore', exact: true }).click();
    await expectToast(page, 'Version restored');
    await restore.waitFor({ state: 'detached' });
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'Sea view villa' }).waitFor();

    const again = await editFromList(page, 'Sea view villa');
    assert.equal(await again.getByLabel('Title (Arabic)', { exact: true }).inputValue(), 'فيلا بإطلالة بحرية');
    assert.equal(await again.getByLabel('Price', { exact: true }).inputValue(), '500000');
    const features = await api(page, 'GET', `/api/properties/${villa.id}/features`);
    assert.deepEqual(
      features.map((feature) => feature.id),
      [catalog.garden.id],
    );
    const newest = (await (await historyEntries(again, 'History')).nth(0).innerText()).replace(/\s+/g, ' ');
    assert.match(newest, /^Updated by admin .*Feature ids/, 'the restore is recorded as updates');

    await api(page, 'PUT', '/api/account/preferences', { language: 'ar', numerals: 'latin' });
    await page.goto('/properties');
    await page.getByRole('row').filter({ hasText: 'فيلا بإطلالة بحرية' }).getByRole('button', { name: /تعديل/ }).click();
    const arabic = page.getByRole('dialog', { name: 'تعديل العقار' });
    const arabicEntries = await historyEntries(arabic, 'السجل');
    await arabicEntries.nth(1).getByRole('button', { name: 'استعادة هذه النسخة' }).click();
    const arabicRestore = page.getByRole('dialog', { name: 'استعادة نسخة سابقة' });
    await arabicRestore.getByRole('table', { name: 'الفروق عن السجل الآن' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
    await assertAccessible(page, 'the Restore dialog in Arabic');
    await screenshot(page, 'restore-version-arabic');
    await page.context().close();
  });
});
