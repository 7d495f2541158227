// Contact requests and the dashboard in a real browser (issue 9): requests sent through the
// public endpoint, worked through their statuses with the header counts following, the
// details dialog's mail and WhatsApp links, every export period downloaded and read back,
// one delete and then Delete All; the dashboard's Recent Inquiries, charts and badge
// (core-panel.md §2, §5, §7, §8).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { newPage, screenshot, signIn, toast } from '../support/browser.mjs';
import { api, create, createCatalog, listing } from '../support/listings.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';
import { readSheet } from '../support/xlsx.mjs';

const LONG_MESSAGE = 'Hello, I would like to arrange a viewing of the villa this week, ideally on Saturday morning.';

async function expectToast(page, title) {
  await toast(page).getByText(title, { exact: true }).first().waitFor();
}

function row(page, name) {
  return page.getByRole('row').filter({ hasText: name });
}

async function counts(page) {
  const read = async (status) => (await page.getByTestId(`count-${status}`).textContent()).trim();
  return { pending: await read('pending'), responded: await read('responded'), closed: await read('closed') };
}

let visitors = 0;

/// Sends a request as the public site would, each from a visitor of their own (the server
/// trusts the test's loopback as a proxy), so the per-address limit does not interfere.
async function submit(page, body) {
  visitors += 1;
  const headers = { 'X-Forwarded-For': `203.0.113.${visitors}` };
  const { status } = await api(page, 'POST', '/api/public/contact-requests', body, headers);
  assert.equal(status, 202);
}

/// Clicks `trigger`, saves the download and answers its name and sheet rows.
async function downloaded(page, trigger) {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), rows: readSheet(readFileSync(path)) };
}

describe('contact requests and the dashboard', () => {
  const env = serverAndBrowser({ env: { AQAR_TRUSTED_PROXIES: '127.0.0.1' } });

  test('requests are worked through, answered, exported and deleted', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Recent Inquiries' }).waitFor();
    await page.getByText('No recent inquiries').waitFor();

    const catalog = await createCatalog(page);
    const villa = await create(page, '/api/properties', listing(catalog));
    await submit(page, {
      name: 'Rana Haddad', email: 'rana@example.com', phone: '+962 79 555-0142',
      subject: 'Viewing request', message: LONG_MESSAGE, propertyId: villa.id,
    });
    await submit(page, {
      name: 'خالد العتيبي', email: 'khaled@example.com', subject: 'استفسار عن السعر',
      message: '=1+1 هل السعر قابل للتفاوض؟', language: 'ar',
    });

    await page.getByRole('link', { name: /Contact Requests/ }).click();
    await page.getByRole('heading', { name: 'Contact Requests', level: 1 }).waitFor();
    await row(page, 'Rana Haddad').waitFor();
    assert.deepEqual(await counts(page), { pending: '2', responded: '0', closed: '0' });
    await row(page, 'Rana Haddad').getByText(`${LONG_MESSAGE.slice(0, 50)}...`).waitFor();
    assert.equal(await row(page, 'خالد').getByText('استفسار عن السعر').getAttribute('dir'), 'rtl');
    await assertAccessible(page, 'Contact Requests');
    // Its nine columns fit beside the side bar at 1280 px: nothing of a row is scrolled out of view.
    const widths = await page.getByRole('table').evaluate((table) => [table.scrollWidth, table.parentElement.clientWidth]);
    assert.ok(widths[0] <= widths[1], `the inbox is ${widths[0]} px wide in ${widths[1]} px`);
    await screenshot(page, 'contacts', { docs: true });

    await row(page, 'Rana Haddad').getByRole('button', { name: 'Mark Responded' }).click();
    await expectToast(page, 'Contact request status updated');
    await page.getByTestId('count-responded').getByText('1').waitFor();
    assert.deepEqual(await counts(page), { pending: '1', responded: '1', closed: '0' });
    assert.equal(await row(page, 'Rana Haddad').getByRole('button', { name: 'Mark Responded' }).count(), 0);
    await row(page, 'Rana Haddad').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('count-closed').getByText('1').waitFor();
    assert.deepEqual(await counts(page), { pending: '1', responded: '0', closed: '1' });
    await row(page, 'Rana Haddad').getByRole('button', { name: 'Mark Responded' }).waitFor();
    assert.equal(await row(page, 'Rana Haddad').getByRole('button', { name: 'Close' }).count(), 0);

    await row(page, 'Rana Haddad').getByRole('button', { name: /View details/ }).click();
    const details = page.getByRole('dialog', { name: 'Contact Request Details' });
    const mail = await details.getByRole('link', { name: 'Send Email' }).getAttribute('href');
    assert.ok(mail.startsWith('mailto:rana@example.com?subject=Re%3A%20Viewing%20request&body='), mail);
    assert.match(decodeURIComponent(mail.split('body=')[1]), /^Dear Rana Haddad,\n\nThank you for contacting us about "Viewing request"/);
    const whatsapp = await details.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    assert.equal(whatsapp, 'https://wa.me/962795550142?text=Hello%20Rana%20Haddad%2C%20thank%20you%20for%20contacting%20us.%20How%20can%20we%20help%20you%3F');
    await details.getByText(LONG_MESSAGE).waitFor();
    await assertAccessible(page, 'the details dialog');
    await screenshot(page, 'contact-details');
    await details.getByRole('link', { name: `Property #${villa.id}` }).click();
    await page.getByRole('dialog', { name: 'Edit Property' }).waitFor();
    await page.goBack();
    await page.goto('/contacts');

    await row(page, 'خالد').getByRole('button', { name: /View details/ }).click();
    const arabic = page.getByRole('dialog', { name: 'Contact Request Details' });
    const arabicMail = await arabic.getByRole('link', { name: 'Send Email' }).getAttribute('href');
    assert.match(decodeURIComponent(arabicMail), /subject=Re: استفسار عن السعر&body=مرحباً خالد العتيبي،/);
    assert.equal(await arabic.getByRole('link', { name: 'WhatsApp' }).count(), 0, 'no phone, no chat');
    await page.keyboard.press('Escape');

    // One request, through the specification's POST: its text stays text, Arabic intact.
    const one = await downloaded(page, () => row(page, 'خالد').getByRole('button', { name: /^Export the request/ }).click());
    assert.match(one.name, /^contact_request_\d+_\d{4}-\d{2}-\d{2}\.xlsx$/);
    assert.equal(one.rows.length, 2);
    const message = one.rows[1].find((cell) => cell.ref.startsWith('F'));
    assert.deepEqual([message.text, message.formula], ['=1+1 هل السعر قابل للتفاوض؟', false]);
    await expectToast(page, 'Excel file exported successfully');

    await page.getByRole('button', { name: 'Export All' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Excel' });
    await dialog.getByText('Total available: 2 requests').waitFor();
    await assertAccessible(page, 'the export dialog');
    const periods = { all: 'All Time', today: 'Today', week: 'Last 7 Days', month: 'This Month', year: 'This Year' };
    for (const [value, label] of Object.entries(periods)) {
      await dialog.getByLabel('Time Period').selectOption({ label });
      await dialog.getByText('2 requests will be exported').waitFor();
      const file = await downloaded(page, () => dialog.getByRole('button', { name: 'Export Excel' }).click());
      assert.match(file.name, new RegExp(`^contact_requests_${value}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      assert.equal(file.rows.length, 3, `${label}: the header and both requests`);
      const date = file.rows[1].find((cell) => cell.ref.startsWith('J'));
      assert.ok(date.type === 'n' && date.styled && Number(date.value) > 45000, 'an Excel date');
      await expectToast(page, 'Excel file exported successfully');
      await page.getByRole('button', { name: 'Export All' }).click();
    }
    await dialog.getByLabel('Time Period').selectOption({ label: 'Custom Date Range' });
    const exportButton = dialog.getByRole('button', { name: 'Export Excel' });
    assert.equal(await exportButton.isDisabled(), true, 'both dates are needed');
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await dialog.getByLabel('Start date').fill(day);
    assert.equal(await exportButton.isDisabled(), true);
    await dialog.getByLabel('End date').fill(day);
    await dialog.getByText('2 requests will be exported').waitFor();
    const custom = await downloaded(page, () => exportButton.click());
    assert.equal(custom.name, `contact_requests_${day}_to_${day}_${day}.xlsx`);
    assert.equal(custom.rows.length, 3, 'the end day counts whole');

    await row(page, 'Rana Haddad').getByRole('button', { name: /^Delete the request/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Contact Request' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Contact request deleted successfully');
    await row(page, 'Rana Haddad').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete All' }).click();
    await page.getByRole('alertdialog', { name: 'Delete All Contact Requests' }).getByRole('button', { name: 'Delete All' }).click();
    await expectToast(page, 'All contact requests deleted successfully');
    await page.getByText('No contact requests found').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Export All' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Delete All' }).count(), 0);
  });

  test('the dashboard shows recent inquiries, both charts and the pending badge', async () => {
    const page = await newPage(env.browser, env.server.url);
    await signIn(page, ADMIN);
    for (const name of ['Maya', 'Omar', 'Sofia', 'Yousef']) {
      await submit(page, { name, email: `${name.toLowerCase()}@example.com`, subject: `About ${name}`, message: 'Hello' });
    }
    await page.reload();
    const inquiries = page.getByRole('list', { name: 'Recent Inquiries' });
    await inquiries.getByText('Yousef', { exact: true }).waitFor();
    assert.equal(await inquiries.getByRole('listitem').count(), 3, 'up to 3 of the newest');
    await inquiries.getByText('About Yousef').waitFor();
    // The specification's pending count, not the outlined count of one's own leads beside it.
    await page.getByRole('link', { name: /Contact Requests/ }).locator('span:not([data-testid="own-badge"])').getByText('4').waitFor();
    await page.getByText(/^Last contact request: /).waitFor();
    const perDay = page.getByRole('img', { name: /^Inquiries per day \(last 30 days\)\./ });
    await perDay.waitFor();
    assert.match(await perDay.getAttribute('aria-label'), /: 4$/, "today's four");
    await page.getByRole('img', { name: /^Listings by status\./ }).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('canvas')].every((c) => c.width > 0));
    await assertAccessible(page, 'the dashboard with its charts');
    await screenshot(page, 'dashboard', { docs: true });
    await perDay.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-charts', { docs: true });
    await page.getByRole('button', { name: 'Show as table' }).first().click();
    const table = page.getByRole('table', { name: 'Inquiries per day (last 30 days)' });
    await table.waitFor();
    assert.equal(await table.getByRole('row').count(), 31, 'a header and thirty days');
    await page.getByRole('link', { name: 'View All' }).and(page.locator('[href="/contact-requests"]')).click();
    await page.waitForURL((url) => url.pathname === '/contact-requests');
  });
});
