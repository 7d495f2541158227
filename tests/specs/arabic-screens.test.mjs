// Issue 23: a user who picks العربية works through every screen and every dialog in Arabic,
// right to left. On the demo data, with the interface in Arabic, each screen and dialog
// fails when a visible text holds Latin letters other than the allowed values, when the side
// bar is not on the right, when a directional icon does not mirror, or when axe finds a
// serious or critical violation.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { artifacts, newPage, screenshot } from '../support/browser.mjs';
import { settle } from '../support/pages.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

/** Where the interface keeps the language chosen on the device (i18next's key; the sign-in page's choice). */
const LANGUAGE_KEY = 'i18nextLng';

/**
 * What may stay in Latin letters on an Arabic screen (issue 23, point 2), each removed from
 * a text before it is checked:
 * - e-mail addresses and URLs;
 * - the property number (the demo's 'AQ-000001'; a code, written left to right);
 * - currency codes, the values the prices are written with;
 * - the names of image and video formats in upload hints (PNG, JPG...), which have no Arabic names;
 * - the database product the status card names (SQLite, PostgreSQL), a proper name;
 * - F8, the key that reaches the notifications;
 * - the advertising authorities' codes (DLD, ADREC, REGA), licences (BRN, ORN, FAL), UTC and QR (issue 39), as their
 *   Arabic readers know them, and the map credit's proper names (Leaflet, OpenStreetMap),
 *   which the tiles' licence asks to be shown.
 * A single word marked left to right (`dir="ltr"`) is an identifier: a username, a code.
 * Besides these, a text inside an element marked `lang="en"` is English on purpose: the
 * English half of a bilingual record shown beside its Arabic half (catalogue tables, cards),
 * what a visitor wrote in English, a free-text field typed in English (a specialization).
 * Lists show the Arabic half first; the test counts these and reports them when it fails.
 */
const ALLOWED = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
  /\bhttps?:\/\/\S+/g,
  /\bwww\.\S+/g,
  /\b[A-Z]{1,4}-\d{2,}\b/g,
  /\b(JOD|AED|USD|SAR|EUR)\b/g,
  /\b(PNG|JPE?G|GIF|WebP|SVG|MP4|WebM|MOV)\b/g,
  /\b(SQLite|PostgreSQL)\b/g,
  /\bF8\b/g,
  /\b(DLD|ADREC|REGA|UTC|QR|BRN|ORN|FAL)\b/g,
  /\b(Leaflet|OpenStreetMap)\b/g,
];

/** The Latin texts a reader sees (or a screen reader reads) on the page, not allowed above. */
async function latinTexts(page) {
  return page.evaluate((allowed) => {
    const patterns = allowed.map(([source, flags]) => new RegExp(source, flags));
    const found = [];
    const visible = (element) =>
      element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) &&
      element.closest('[aria-hidden="true"], [hidden], template, script, style, noscript') === null;
    const check = (text, element, what) => {
      let rest = text;
      for (const pattern of patterns) rest = rest.replace(pattern, ' ');
      if (!/[A-Za-z]/.test(rest)) return;
      if (element.closest('[lang="en"]') !== null) return;
      // One Latin word written left to right is an identifier (a username, a country code).
      if (element.closest('[dir="ltr"]') !== null && /^[\w.@+-]+$/.test(text.trim())) return;
      // Icon names are code, written left to right (issue 23: 'code-like fields (icons)').
      if (element.closest('code, [dir="ltr"].font-mono') !== null) return;
      found.push(`${what}: ${JSON.stringify(text.trim())} in <${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className).slice(0, 60)}"` : ''}>`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const element = node.parentElement;
      if (element === null || node.textContent.trim() === '') continue;
      if (element.tagName === 'OPTION') {
        // A closed select shows its chosen option only.
        const select = element.closest('select');
        if (select === null || select.selectedOptions[0] !== element || !visible(select)) continue;
        check(node.textContent, select, 'chosen option');
        continue;
      }
      if (!visible(element)) continue;
      check(node.textContent, element, 'text');
    }
    for (const field of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      // Sample entries of English-only fields (a URL, an icon name) stay as they are written.
      if (!visible(field) || field.dir === 'ltr' || ['url', 'email', 'tel'].includes(field.type)) continue;
      check(field.placeholder, field, 'placeholder');
    }
    return found;
  }, ALLOWED.map((pattern) => [pattern.source, pattern.flags]));
}

/** Directional icons (arrows and chevrons pointing left or right) that do not point the other way. */
async function unmirroredIcons(page) {
  return page.evaluate(() => {
    const DIRECTIONAL = /\blucide-(arrow|chevron|chevrons|arrow-big|move|circle-arrow|square-arrow|panel)-?(left|right)\b|\blucide-(arrow-left|arrow-right|chevron-left|chevron-right|chevrons-left|chevrons-right|panel-left|panel-right|log-out|undo|redo)/;
    const mirrored = (element) => {
      // The scale or transform of the icon or one of its ancestors flips it across.
      for (let at = element; at !== null && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        const scale = style.scale.split(' ').map(Number);
        if (style.scale !== 'none' && scale[0] < 0) return true;
        if (style.transform !== 'none') {
          const matrix = new DOMMatrix(style.transform);
          if (matrix.a < 0) return true;
        }
      }
      return false;
    };
    return [...document.querySelectorAll('svg')]
      .filter((icon) => DIRECTIONAL.test(icon.getAttribute('class') ?? ''))
      .filter((icon) => icon.checkVisibility() && icon.getBoundingClientRect().width > 0)
      .filter((icon) => !mirrored(icon))
      .map((icon) => {
        const button = icon.closest('button, a');
        const name = button?.getAttribute('aria-label') ?? button?.textContent?.trim() ?? '';
        return `${icon.getAttribute('class')} (${name})`;
      });
  });
}

/** The side bar's box: the navigation landmark of the shell. */
async function sidebarBox(page) {
  const nav = page.getByRole('navigation').first();
  await nav.waitFor();
  const box = await nav.boundingBox();
  const width = page.viewportSize().width;
  return { box, width };
}

const failures = [];

/** Checks the page as it is now; failures are gathered so that one run names them all. */
async function checkArabic(page, where) {
  await settle(page);
  const html = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
  if (html.lang !== 'ar' || html.dir !== 'rtl') failures.push(`${where}: <html lang="${html.lang}" dir="${html.dir}">, not ar/rtl`);
  const latin = await latinTexts(page);
  if (latin.length > 0) failures.push(`${where}: Latin text\n    ${latin.join('\n    ')}`);
  const icons = await unmirroredIcons(page);
  if (icons.length > 0) failures.push(`${where}: directional icons not mirrored\n    ${icons.join('\n    ')}`);
  try {
    await assertAccessible(page, where);
  } catch (error) {
    failures.push(error.message);
  }
}

/**
 * Opens a dialog by clicking `opener`, checks it, and closes it with Escape. A question the
 * browser asks itself (window.confirm) is checked for Latin text and declined.
 */
async function checkDialog(page, opener, where) {
  let native = null;
  const onDialog = (dialog) => {
    native = dialog.message();
    void dialog.dismiss();
  };
  page.once('dialog', onDialog);
  await opener.click();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
  await Promise.race([dialog.waitFor(), page.waitForEvent('dialog', { timeout: 10_000 }).catch(() => undefined)]);
  await page.waitForTimeout(100);
  page.off('dialog', onDialog);
  if (native !== null) {
    if (/[A-Za-z]/.test(native)) failures.push(`${where}: the browser's question is not Arabic: ${JSON.stringify(native)}`);
    return;
  }
  await checkArabic(page, where);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' }).catch(() => undefined);
}

/** Opens the history panel inside the open dialog, when the dialog has one (admins see it). */
async function checkHistory(page, where) {
  const dialog = page.getByRole('dialog').last();
  const show = dialog.getByRole('button', { name: 'السجل', exact: true });
  if ((await show.count()) === 0) {
    failures.push(`${where}: no history button named 'السجل'`);
    return;
  }
  await show.click();
  await dialog.getByRole('button', { name: 'إخفاء السجل' }).waitFor();
  await checkArabic(page, `${where}, history`);
}

/** A new page signed in as the admin with the interface in Arabic, as the sign-in page's choice stores it. */
async function arabicPage(env) {
  const page = await newPage(env.browser, env.server.url);
  await page.context().addInitScript((key) => {
    window.localStorage.setItem(key, 'ar');
  }, LANGUAGE_KEY);
  const login = await page.request.post('/api/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  assert.equal(login.status(), 200, 'the admin signs in');
  // The user's stored choice wins after sign-in (issue 23): store Arabic, with the default Latin digits.
  const preferences = await page.request.put('/api/account/preferences', { data: { language: 'ar', numerals: 'latin' } });
  if (preferences.status() !== 200) failures.push(`PUT /api/account/preferences answered ${preferences.status()}, not 200`);
  return page;
}

describe('the Arabic interface', () => {
  const env = serverAndBrowser({ demo: true });

  test('shows every screen and dialog in Arabic, right to left, with the side bar on the right', async () => {
    failures.length = 0;
    const page = await arabicPage(env);
    try {
      await walk(page);
    } catch (error) {
      failures.push(`the walk stopped: ${error.message}`);
      await screenshot(page, 'arabic-walk-stopped');
    }
    await page.context().close();
    const report = failures.join('\n');
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(resolve(artifacts, 'arabic-screens.txt'), report);
    if (failures.length > 0) assert.fail(`the Arabic interface has ${failures.length} problem(s):\n${report}`);
  });
});

/** Every screen of the side bar, the property form's tabs, the quick form, the account, and their dialogs. */
async function walk(page) {
  {
    const main = page.getByRole('main');

    // The dashboard: figures, charts, recent listings and requests, status, activity.
    await page.goto('/');
    await main.getByRole('heading', { level: 1 }).waitFor();
    await main.locator('canvas').first().waitFor();
    await page.waitForTimeout(500);
    const { box, width } = await sidebarBox(page);
    if (box === null || box.x < width / 2 || Math.abs(box.x + box.width - width) > 2) {
      failures.push(`the side bar is not on the right: ${JSON.stringify(box)} in a page ${width} wide`);
    }
    await checkArabic(page, 'dashboard');
    await screenshot(page, 'arabic-dashboard', { docs: true });

    // Properties: the list, the property form's six tabs, the delete question.
    await page.goto('/properties');
    const rows = main.getByRole('row');
    await rows.nth(1).waitFor();
    await checkArabic(page, 'properties');
    await screenshot(page, 'arabic-properties', { docs: true });
    await main.getByRole('button', { name: /تعديل/ }).first().click();
    const form = page.getByRole('dialog');
    await form.getByRole('tab').first().waitFor();
    const tabs = form.getByRole('tab');
    const tabCount = await tabs.count();
    assert.equal(tabCount, 6, 'the property form has six tabs');
    for (let index = 0; index < tabCount; index += 1) {
      const tab = tabs.nth(index);
      await tab.click();
      await page.waitForTimeout(200);
      await checkArabic(page, `property form, tab '${await tab.innerText()}'`);
      if (index === 0) await screenshot(page, 'arabic-property-form', { docs: true });
    }
    // The tabs run from the right: the first tab is right of the second.
    const [first, second] = [await tabs.nth(0).boundingBox(), await tabs.nth(1).boundingBox()];
    if (first.x < second.x) failures.push('the property form tabs do not run from the right');
    await checkHistory(page, 'property form');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await checkDialog(page, main.getByRole('button', { name: /حذف/ }).first(), 'property delete question');
    await checkDialog(page, main.getByRole('button', { name: 'إضافة عقار' }), 'new property form');

    // Add property: the type cards, the full form, the quick form.
    await page.goto('/add-property');
    await main.getByRole('heading', { level: 1 }).waitFor();
    await checkArabic(page, 'add property');
    await main.getByRole('button', { name: /إضافة سريعة/ }).click();
    await main.getByRole('tab').first().waitFor();
    await checkArabic(page, 'quick property form');
    const quickTabs = main.getByRole('tab');
    if ((await quickTabs.first().innerText()).trim() !== 'العربية') failures.push('the quick form does not put the Arabic tab first');

    // Categories, with the add and edit dialogs and the history.
    await page.goto('/categories');
    await rows.nth(1).waitFor();
    await checkArabic(page, 'categories');
    await checkDialog(page, main.getByRole('button', { name: /إضافة/ }).first(), 'new category');
    await main.getByRole('button', { name: /تعديل/ }).first().click();
    await page.getByRole('dialog').waitFor();
    await checkArabic(page, 'edit category');
    await checkHistory(page, 'edit category');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await checkDialog(page, main.getByRole('button', { name: /حذف/ }).first(), 'category delete question');

    // Property types (its own screen, and the management's tab).
    await page.goto('/types');
    await rows.nth(1).waitFor();
    await checkArabic(page, 'property types');
    await checkDialog(page, main.getByRole('button', { name: /تعديل/ }).first(), 'edit property type');

    // Management: property types, countries, cities, regions, each with its dialogs.
    await page.goto('/management');
    const managementTabs = main.getByRole('tab');
    await managementTabs.first().waitFor();
    for (let index = 0; index < (await managementTabs.count()); index += 1) {
      const tab = managementTabs.nth(index);
      await tab.click();
      const panel = main.getByRole('tabpanel');
      await panel.getByRole('row').nth(1).waitFor();
      const name = await tab.innerText();
      await checkArabic(page, `management, ${name}`);
      await checkDialog(page, panel.getByRole('button', { name: /إضافة/ }).first(), `management, ${name}, add`);
      await checkDialog(page, panel.getByRole('button', { name: /تعديل/ }).first(), `management, ${name}, edit`);
      await checkDialog(page, panel.getByRole('button', { name: /حذف/ }).first(), `management, ${name}, delete question`);
    }

    // Services: the three tabs, the add and edit pages.
    await page.goto('/services');
    const serviceTabs = main.getByRole('tab');
    await serviceTabs.first().waitFor();
    for (let index = 0; index < (await serviceTabs.count()); index += 1) {
      await serviceTabs.nth(index).click();
      await main.getByRole('tabpanel').getByRole('listitem').first().waitFor();
      await checkArabic(page, `services, ${await serviceTabs.nth(index).innerText()}`);
    }
    await page.goto('/services/services/new');
    await main.getByRole('textbox').first().waitFor();
    await checkArabic(page, 'new service page');
    await page.goto('/services/testimonials/new');
    await main.getByRole('textbox').first().waitFor();
    await checkArabic(page, 'new testimonial page');

    // Team, hero images, company values: cards and their dialogs.
    await page.goto('/team');
    await main.getByRole('listitem').first().waitFor();
    await checkArabic(page, 'team');
    await checkDialog(page, main.getByRole('button', { name: /تعديل/ }).first(), 'edit team member');
    await checkDialog(page, main.getByRole('button', { name: /حذف/ }).first(), 'team member delete question');
    await checkDialog(page, main.getByRole('button', { name: /إضافة/ }).first(), 'new team member');

    await page.goto('/admin/hero-images');
    await main.getByRole('listitem').first().waitFor();
    await checkArabic(page, 'hero images');
    await checkDialog(page, main.getByRole('button', { name: /تعديل/ }).first(), 'edit hero image');

    await page.goto('/about-management');
    await main.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    await checkArabic(page, 'about page management');
    await checkDialog(page, main.getByRole('button', { name: /تعديل/ }).first(), 'edit about section');

    await page.goto('/company-values');
    await main.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    await checkArabic(page, 'company values');
    await checkDialog(page, main.getByRole('button', { name: 'إعدادات القسم' }), 'values section settings');

    // Users, with the add and edit dialogs.
    await page.goto('/users');
    await rows.nth(1).waitFor();
    await checkArabic(page, 'users');
    await checkDialog(page, main.getByRole('button', { name: /إضافة/ }).first(), 'new user');
    await checkDialog(page, main.getByRole('button', { name: /تعديل/ }).first(), 'edit user');

    // Features: the three groups, the feature card, the delete question.
    await page.goto('/features-management');
    const featureTabs = main.getByRole('tab');
    await featureTabs.first().waitFor();
    for (let index = 0; index < (await featureTabs.count()); index += 1) {
      await featureTabs.nth(index).click();
      await main.getByRole('tabpanel').getByRole('row').nth(1).waitFor();
      await checkArabic(page, `features, ${await featureTabs.nth(index).innerText()}`);
    }
    await main.getByRole('tabpanel').getByRole('button', { name: /تعديل/ }).first().click();
    await main.getByRole('form').waitFor();
    await checkArabic(page, 'feature card');
    await checkDialog(page, main.getByRole('tabpanel').getByRole('button', { name: /حذف/ }).first(), 'feature delete question');

    // Contact requests: the inbox, the details, the export (with its custom range), the delete questions.
    await page.goto('/contacts');
    await rows.nth(1).waitFor();
    await checkArabic(page, 'contact requests');
    await screenshot(page, 'arabic-contacts', { docs: true });
    await checkDialog(page, main.getByRole('button', { name: /عرض تفاصيل/ }).first(), 'contact request details');
    await main.getByRole('button', { name: 'تصدير الكل' }).click();
    const exportDialog = page.getByRole('dialog');
    await exportDialog.waitFor();
    await checkArabic(page, 'export dialog');
    await exportDialog.getByRole('combobox').selectOption('custom');
    await exportDialog.locator('input[type="date"]').first().waitFor();
    await checkArabic(page, 'export dialog, custom range');
    await page.keyboard.press('Escape');
    await exportDialog.waitFor({ state: 'detached' });
    await checkDialog(page, main.getByRole('button', { name: /^حذف طلب/ }).first(), 'contact request delete question');
    await checkDialog(page, main.getByRole('button', { name: 'حذف الكل' }), 'delete all contact requests question');

    // Company settings and your account.
    await page.goto('/settings');
    await main.getByRole('textbox').first().waitFor();
    await checkArabic(page, 'company settings');
    await page.goto('/account');
    await main.getByRole('textbox').first().waitFor();
    await checkArabic(page, 'your account');
  }
}
