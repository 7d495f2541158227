// Debian's Chromium driven by playwright-core; never a downloaded browser.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

export const artifacts = resolve(import.meta.dirname, '../artifacts');

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/// A fresh page of a fresh context (no cookies), 1280x800 unless told otherwise.
export async function newPage(browser, baseURL, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/// Saves a screenshot under tests/artifacts and, when `docs` is given, under docs/screenshots.
export async function screenshot(page, name, { docs = false } = {}) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: resolve(artifacts, `${name}.png`) });
  if (docs && process.env.AQAR_UPDATE_SCREENSHOTS === '1') {
    const dir = resolve(import.meta.dirname, '../../docs/screenshots');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: resolve(dir, `${name}.png`) });
  }
}

export async function signIn(page, { username, password }) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/// The visible toasts, inside the labelled notification region.
export function toast(page) {
  // includeHidden: an open modal dialog marks the rest of the page aria-hidden, the toasts'
  // region with it, while the toast still shows (Radix announces it from a live region of its own).
  return page.getByRole('region', { name: /notifications/i, includeHidden: true }).locator('li');
}

/** Waits for a toast reading `title` exactly, and `description` when given. */
export async function expectToast(page, title, description) {
  await toast(page).getByText(title, { exact: true }).waitFor();
  if (description !== undefined) await toast(page).getByText(description, { exact: true }).waitFor();
}

/** Closes the toasts showing, so that the next one is not mistaken for them and nothing covers the page. */
export async function dismissToasts(page) {
  const close = toast(page).getByRole('button', { name: 'Close' });
  while ((await close.count()) > 0) await close.first().click();
  await toast(page).first().waitFor({ state: 'detached', timeout: 2000 }).catch(() => undefined);
}
