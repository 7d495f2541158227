// The property form's Media tab in a real browser against the real server (core-panel §2
// Property form, §5 image URL, §8 toasts): the image-URL rule's exact message, images
// reordered by drag and by keyboard, and a cancelled upload.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { dismissToasts, toast } from '../support/browser.mjs';
import { LARGE_PNG, serveOutsideImages } from '../support/pictures.mjs';
import { api, editFromList, expectChosen, expectToast, openTab, propertyFormFixture, slowUploads, thumbnailSources } from '../support/property-form.mjs';

const URL_REJECTED = 'Invalid Image URL: Please enter a valid image URL (JPG, PNG, WebP, GIF)';

describe('the property form media', () => {
  const { signedInPage, listing } = propertyFormFixture();

  test('refuses an image URL with the exact message, as a toast and under the field', async () => {
    const page = await signedInPage();
    await page.goto('/add-property');
    await page.getByRole('button', { name: 'Investment Property' }).click();
    await expectChosen(page, 'Category', 'Investment / استثماري');
    await openTab(page, 'Media');

    await page.getByLabel('Image URL', { exact: true }).fill('https://example.com/brochure.pdf');
    await page.getByRole('button', { name: 'Add Image' }).click();

    await expectToast(page, 'Invalid Image URL', 'Please enter a valid image URL (JPG, PNG, WebP, GIF)');
    await page.getByText(URL_REJECTED).waitFor();
    assert.equal(await page.getByLabel('Image URL', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByText('No images yet').isVisible(), true);
    await assertAccessible(page, 'media tab with the refused URL and its toast');

    // A script that names a picture is no picture: the rules' safe-URL test comes first.
    await dismissToasts(page);
    await page.getByLabel('Image URL', { exact: true }).fill('javascript:alert(1)//.png');
    await page.getByRole('button', { name: 'Add Image' }).click();
    await expectToast(page, 'Invalid Image URL', 'Please enter a valid image URL (JPG, PNG, WebP, GIF)');
    assert.equal(await page.getByText('No images yet').isVisible(), true);
    await page.context().close();
  });

  test('reorders images by dragging and with the arrow buttons, and saves that order', async () => {
    const page = await signedInPage();
    const first = 'https://images.unsplash.com/photo-first';
    const second = 'https://cdn.example.com/second.jpg';
    const third = 'https://cdn.example.com/third.webp';
    const property = await listing(page, { titleEn: 'Townhouse with three photos', images: [first, second, third] });
    await serveOutsideImages(page);

    const dialog = await editFromList(page, 'Townhouse with three photos');
    await openTab(page, 'Media');
    assert.deepEqual(await thumbnailSources(dialog), [first, second, third]);
    const items = dialog.getByRole('list', { name: 'Images' }).getByRole('listitem');
    assert.equal(await items.first().getByText('Cover').isVisible(), true);

    await items.nth(2).dragTo(items.first());
    assert.deepEqual(await thumbnailSources(dialog), [third, first, second]);
    assert.equal(await items.first().getByText('Cover').count(), 1);

    await dialog.getByRole('button', { name: 'Move image 1 right' }).focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await thumbnailSources(dialog), [first, third, second]);
    // The focus followed the image: pressing again moves it on.
    await page.keyboard.press('Enter');
    assert.deepEqual(await thumbnailSources(dialog), [first, second, third]);
    await dialog.getByRole('button', { name: 'Remove image 2' }).click();
    assert.deepEqual(await thumbnailSources(dialog), [first, third]);
    await assertAccessible(page, 'edit dialog, Media with thumbnails');

    await dialog.getByRole('button', { name: 'Update Property' }).click();
    await expectToast(page, 'Property updated successfully!');
    const saved = await api(page, 'GET', `/api/properties/${property.id}`);
    assert.deepEqual(saved.images, [first, third]);
    await page.context().close();
  });

  test('cancels an upload under way and keeps the images as they were', async () => {
    const page = await signedInPage();
    await page.goto('/add-property');
    await page.getByRole('button', { name: 'Property for Sale' }).click();
    await openTab(page, 'Media');
    await slowUploads(page);

    await page.getByLabel('Upload Images', { exact: true }).setInputFiles([LARGE_PNG]);
    await page.getByRole('progressbar', { name: 'Uploading images' }).waitFor();
    await page.getByRole('button', { name: 'Cancel upload' }).click();

    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    assert.equal(await page.getByText('No images yet').isVisible(), true);
    assert.equal(await toast(page).count(), 0, 'a cancelled upload is not a failure');
    assert.equal(await page.getByRole('button', { name: 'Create Property' }).isEnabled(), true);
    await page.context().close();
  });
});
