// Pages the browser tests share: one signed in as the admin, the table row naming a text,
// and a page at rest before a screenshot.
import { newPage, signIn, toast } from './browser.mjs';
import { ADMIN } from './server.mjs';

/// A fresh page of `env`'s browser, signed in as the admin on `env`'s server.
export async function signedInPage(env) {
  const page = await newPage(env.browser, env.server.url);
  await signIn(page, ADMIN);
  return page;
}

export function row(page, text) {
  return page.getByRole('row').filter({ hasText: text });
}

/// Lets the page come to rest before a screenshot: no toast over it, no transition under way.
export async function settle(page) {
  const close = toast(page).getByRole('button', { name: 'Close' });
  if ((await close.count()) > 0) await close.first().click();
  await toast(page).first().waitFor({ state: 'detached', timeout: 2000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}
