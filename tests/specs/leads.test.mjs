// Leads in a real browser (issue 26): an admin names a listing's agent in the property form;
// a visitor's request about that listing arrives assigned to the agent; the agent signs in,
// sees their own count beside Contact Requests and the lead in the bell, which opens it,
// finds it again under Mine, adds a note (its first response), marks it responded and sees
// their speed to lead on the dashboard, where a lead arriving meanwhile is toasted; the
// visitor writes again and the admin follows the link to the earlier message, groups the
// inbox's repeat contacts into one row, then gives the lead to someone else and sets and
// clears its follow-up; a lead taken by phone is added; the inbox in Arabic reads right to left.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from '../support/axe.mjs';
import { expectToast, newPage, screenshot, signIn } from '../support/browser.mjs';
import { api, create, createCatalog, listing } from '../support/listings.mjs';
import { ADMIN, serverAndBrowser } from '../support/server.mjs';

const AGENT = { username: 'huda', password: 'huda-pass-7319' };

function row(page, name) {
  return page.getByRole('row').filter({ hasText: name });
}

async function openDetails(page, name) {
  await row(page, name).getByRole('button', { name: `View details of the request from ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Request Details' });
  await dialog.waitFor();
  return dialog;
}

describe('leads', () => {
  const env = serverAndBrowser({ env: { AQAR_TRUSTED_PROXIES: '127.0.0.1' } });

  test('a request goes to the listing’s agent, who notes it; an admin gives it to someone else', async () => {
    const admin = await newPage(env.browser, env.server.url);
    await signIn(admin, ADMIN);
    await create(admin, '/api/users', {
      username: AGENT.username, password: AGENT.password, confirmPassword: AGENT.password,
      fullName: 'Huda Saleh', isActive: true, role: 'user',
    });
    const catalog = await createCatalog(admin);
    const villa = await create(admin, '/api/properties', listing(catalog, { titleEn: 'Sea View Villa' }));

    await admin.getByRole('link', { name: 'Properties', exact: false }).first().click();
    await row(admin, 'Sea View Villa').getByRole('button', { name: 'Edit' }).click();
    const form = admin.getByRole('dialog', { name: 'Edit Property' });
    await form.getByLabel('Responsible agent').selectOption({ label: 'Huda Saleh' });
    await form.getByRole('button', { name: 'Update Property' }).click();
    await form.waitFor({ state: 'detached' });
    await row(admin, 'Sea View Villa').getByText('Huda Saleh').waitFor();

    const sent = await api(admin, 'POST', '/api/public/contact-requests', {
      name: 'Rana Haddad', email: 'rana@example.com', phone: '+962 79 555 0142',
      subject: 'Viewing request', message: 'May I visit on Saturday?', propertyId: villa.id,
    }, { 'X-Forwarded-For': '203.0.113.7' });
    assert.equal(sent.status, 202);

    await admin.goto('/contacts');
    await row(admin, 'Rana Haddad').getByText('Huda Saleh').waitFor();
    await row(admin, 'Rana Haddad').getByText('Website', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Add Lead' }).click();
    const add = admin.getByRole('dialog', { name: 'Add Lead' });
    await add.getByRole('button', { name: 'Add Lead' }).click();
    await add.getByText('Give an email address or a phone number', { exact: true }).waitFor();
    await add.getByLabel('Came by').selectOption('phone');
    await add.getByLabel('Name').fill('Omar Khalil');
    await add.getByLabel('Subject').fill('Called about the villa');
    await add.getByLabel('Phone').fill('+962 77 000 1234');
    await add.getByLabel('Message').fill('Wants a second viewing');
    await assertAccessible(admin, 'the Add Lead dialog');
    await add.getByRole('button', { name: 'Add Lead' }).click();
    await expectToast(admin, 'Lead added');
    await row(admin, 'Omar Khalil').getByText('Phone', { exact: true }).waitFor();
    await assertAccessible(admin, 'the inbox with its lead columns');
    await screenshot(admin, 'leads-inbox');

    const agent = await newPage(env.browser, env.server.url);
    await signIn(agent, AGENT);
    const own = agent.getByTestId('own-badge');
    await own.waitFor();
    assert.equal((await own.textContent()).replace(/\D/g, ''), String(await mine(agent)));
    await agent.getByRole('button', { name: /^Notifications: \d+ unread$/ }).click();
    const bell = agent.getByRole('dialog', { name: 'Notifications' });
    await bell.getByRole('button', { name: /New lead: Rana Haddad/ }).waitFor();
    await assertAccessible(agent, 'the notifications');
    await screenshot(agent, 'leads-bell');
    await bell.getByRole('button', { name: /New lead: Rana Haddad/ }).click();
    const linked = agent.getByRole('dialog', { name: 'Contact Request Details' });
    await linked.getByText('May I visit on Saturday?').waitFor();
    assert.match(agent.url(), /\/contacts\?request=\d+$/);
    await linked.getByRole('button', { name: 'Close', exact: true }).click();
    await linked.waitFor({ state: 'detached' });
    assert.doesNotMatch(agent.url(), /request=/);
    await agent.getByRole('link', { name: /Contact Requests/ }).click();
    await agent.getByRole('button', { name: 'Mine', exact: true }).click();
    await row(agent, 'Rana Haddad').waitFor();
    const details = await openDetails(agent, 'Rana Haddad');
    await details.getByLabel('New note').fill('Called back: viewing on Saturday at 10');
    await details.getByRole('button', { name: 'Add Note' }).click();
    await expectToast(agent, 'Note added');
    await details.getByText('Called back: viewing on Saturday at 10').waitFor();
    await details.getByText(/^Huda Saleh · /).waitFor();
    await details.getByTestId('lead-first-response').filter({ hasNotText: 'Not answered yet' }).waitFor();
    await assertAccessible(agent, 'the details dialog with its notes');
    await screenshot(agent, 'leads-details');
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await details.waitFor({ state: 'detached' });
    await agent.getByRole('button', { name: 'All', exact: true }).click();
    await row(agent, 'Rana Haddad').getByRole('button', { name: 'Mark Responded' }).click();
    await expectToast(agent, 'Contact request status updated');
    await row(agent, 'Rana Haddad').getByText('Responded', { exact: true }).waitFor();

    await agent.goto('/');
    const speed = agent.getByRole('heading', { name: 'Speed to lead (last 30 days)' }).locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');
    await speed.getByRole('row', { name: /Huda Saleh/ }).waitFor();
    assert.equal(await speed.getByRole('row', { name: /Administrator/ }).count(), 0, 'a user sees only their own row');
    // A lead given to the agent while their panel is open: the bell, asking every 20 s, toasts it.
    const arriving = await api(admin, 'POST', '/api/public/contact-requests', {
      name: 'Nadia Aziz', email: 'nadia@example.com', subject: 'Price', message: 'Is the price negotiable?', propertyId: villa.id,
    }, { 'X-Forwarded-For': '203.0.113.9' });
    assert.equal(arriving.status, 202);
    await assertAccessible(agent, 'the dashboard with its speed to lead');
    await speed.scrollIntoViewIfNeeded();
    await screenshot(agent, 'leads-speed');
    await agent.getByText('New lead assigned to you: Nadia Aziz', { exact: true }).waitFor({ timeout: 30_000 });
    await agent.getByRole('button', { name: /^Notifications: \d+ unread$/ }).waitFor();

    const again = await api(admin, 'POST', '/api/public/contact-requests', {
      name: 'Rana H.', email: 'RANA@example.com', subject: 'Second question', message: 'Is parking included?',
    }, { 'X-Forwarded-For': '203.0.113.8' });
    assert.equal(again.status, 202);

    await admin.reload();
    const repeat = await openDetails(admin, 'Rana H.');
    await repeat.getByRole('heading', { name: '1 earlier message' }).waitFor();
    await repeat.getByRole('button', { name: /: Viewing request$/ }).click();
    await repeat.getByText('May I visit on Saturday?').waitFor();
    await repeat.getByRole('button', { name: 'Close', exact: true }).click();
    await repeat.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Group repeat contacts' }).click();
    // One row per person, their newest: the earlier request leaves once the grouped page has come.
    await row(admin, 'Rana Haddad').waitFor({ state: 'detached' });
    await row(admin, 'Rana H.').getByText('+1 earlier', { exact: true }).waitFor();
    await assertAccessible(admin, 'the inbox grouping repeat contacts');
    await screenshot(admin, 'leads-grouped');
    await admin.getByRole('button', { name: 'Group repeat contacts' }).click();
    await row(admin, 'Rana Haddad').waitFor();
    const adminDetails = await openDetails(admin, 'Rana Haddad');
    await adminDetails.getByText('Called back: viewing on Saturday at 10').waitFor();
    await adminDetails.getByLabel('Give to').selectOption({ label: 'Administrator' });
    await adminDetails.getByRole('button', { name: 'Assign', exact: true }).click();
    await expectToast(admin, 'Lead assigned');
    await adminDetails.getByTestId('lead-assignee').getByText('Administrator', { exact: true }).waitFor();
    await adminDetails.getByLabel('Follow up on').fill('2030-05-01T09:00');
    await adminDetails.getByRole('button', { name: 'Set follow-up' }).click();
    // Offered once the follow-up is saved.
    const clear = adminDetails.getByRole('button', { name: 'Clear follow-up' });
    await clear.waitFor();
    // Clearing sends null, as the API documents, not an empty text only this panel knew about.
    const clearing = admin.waitForRequest((request) => request.method() === 'PUT' && /\/api\/contact-requests\/\d+$/.test(request.url()));
    await clear.click();
    assert.deepEqual((await clearing).postDataJSON(), { followUpAt: null });
    await adminDetails.getByText('No follow-up set', { exact: true }).waitFor();

    const preferences = await admin.request.put('/api/account/preferences', { data: { language: 'ar', numerals: 'latin' } });
    assert.equal(preferences.status(), 200);
    await admin.goto('/contacts');
    await admin.getByRole('button', { name: 'إضافة عميل محتمل' }).waitFor();
    assert.equal(await admin.locator('html').getAttribute('dir'), 'rtl');
    await assertAccessible(admin, 'the inbox in Arabic');
    await screenshot(admin, 'leads-inbox-ar');
  });
});

/// The signed-in user's pending leads, as the server counts them.
async function mine(page) {
  const { body } = await api(page, 'GET', '/api/contact-requests/mine');
  return body.pending;
}
