import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notification, Notifications } from '@/generated/types';
import { testProperty } from '@/features/properties/test-property';
import { setInterfaceLanguage } from '@/i18n';
import { renderApp } from '@/test/render';
import { admin, json, mockServer, signedIn } from '@/test/server';
import ar from '@/i18n/ar.json';
import { NOTIFICATIONS_REFRESH_MS, notificationsQueryKey } from '../api/notifications';

const rana: Notification = { id: 5, kind: 'lead', contactRequestId: 12, name: 'Rana', subject: 'Viewing', createdAt: '2026-11-27T09:00:00Z', read: false };
const sam: Notification = { id: 4, kind: 'lead', contactRequestId: 11, name: 'Sam', subject: 'Price', createdAt: '2026-11-26T09:00:00Z', read: true };

describe('the notification bell', () => {
  it('counts the unread, lists the newest and opens a lead, marking it read', async () => {
    const user = userEvent.setup();
    const read: Notifications = { unread: 0, items: [{ ...rana, read: true }, sam] };
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/notifications': () => json(200, { unread: 1, items: [rana, sam] }),
      'POST /api/notifications/5/read': () => json(200, read),
    });
    const { router } = renderApp('/');

    const bell = await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    expect(within(bell).getByTestId('bell-count')).toHaveTextContent('1');
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByText('1 unread')).toBeInTheDocument();
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^New lead: RanaUnreadViewing/),
      expect.stringMatching(/^New lead: SamPrice/),
    ]);

    await user.click(within(items[0] as HTMLElement).getByRole('button'));
    await waitFor(() => {
      expect(server.calls('POST /api/notifications/5/read')).toHaveLength(1);
    });
    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe('/contacts?request=12');
    });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks them all read', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/notifications': () => json(200, { unread: 1, items: [rana] }),
      'POST /api/notifications/read': () => json(200, { unread: 0, items: [{ ...rana, read: true }] }),
    });
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications: 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You have read them all.')).toBeInTheDocument();
    expect(server.calls('POST /api/notifications/read')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    const user = userEvent.setup();
    mockServer({ 'GET /api/user': signedIn, 'GET /api/notifications': () => json(200, { unread: 0, items: [] }) });
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(
      await screen.findByText('Nothing yet. You will be told here when a lead is assigned to you or a listing’s permit runs out.'),
    ).toBeInTheDocument();
  });

  it('toasts a lead that arrives while the panel is open, and not those there before', async () => {
    let bell: Notifications = { unread: 1, items: [sam] };
    mockServer({ 'GET /api/user': signedIn, 'GET /api/notifications': () => json(200, bell) });
    const { queryClient } = renderApp('/');
    await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    expect(screen.queryByText(/assigned to you/)).not.toBeInTheDocument();

    bell = { unread: 2, items: [rana, sam] };
    await queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    expect(await screen.findByText('New lead assigned to you: Rana')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
  });

  it('asks again every 20 seconds', () => {
    expect(NOTIFICATIONS_REFRESH_MS).toBe(20_000);
  });
});

/** A permit notice (issue 39) about listing 77, 'Villa in Dubai Marina', permit 7123456789. */
function permitNotice(id: number, kind: Notification['kind'], read = false): Notification {
  return {
    id,
    kind,
    contactRequestId: null,
    propertyId: 77,
    name: 'Villa in Dubai Marina',
    subject: '7123456789',
    createdAt: '2026-11-28T06:00:00Z',
    read,
  };
}

describe("the bell's permit notices (issue 39)", () => {
  afterEach(async () => {
    await setInterfaceLanguage('en');
    localStorage.clear();
  });

  it('says each notice by its kind, leads as before', async () => {
    const user = userEvent.setup();
    const items = [
      permitNotice(9, 'permitExpired'),
      permitNotice(8, 'permitExpiring3'),
      permitNotice(7, 'permitExpiring14', true),
      sam,
    ];
    mockServer({ 'GET /api/user': signedIn, 'GET /api/notifications': () => json(200, { unread: 2, items }) });
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Notifications: 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const texts = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts).toEqual([
      expect.stringMatching(/^Permit 7123456789 of "Villa in Dubai Marina" has expired: the listing is pendingUnread/),
      expect.stringMatching(/^Permit 7123456789 of "Villa in Dubai Marina" expires in 3 daysUnread/),
      expect.stringMatching(/^Permit 7123456789 of "Villa in Dubai Marina" expires in 14 days\d/),
      expect.stringMatching(/^New lead: SamPrice/),
    ]);
  });

  it("opens the listing's edit dialog, marking the notice read", async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/notifications': () => json(200, { unread: 1, items: [permitNotice(9, 'permitExpiring14')] }),
      'POST /api/notifications/9/read': () => json(200, { unread: 0, items: [permitNotice(9, 'permitExpiring14', true)] }),
      'GET /api/properties/77': () => json(200, testProperty(77, { titleEn: 'Villa in Dubai Marina' })),
      'GET /api/properties?*': () => json(200, [], { 'X-Total-Count': '0' }),
    });
    const { router } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Notifications: 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(dialog).getByRole('button', { name: /expires in 14 days/ }));

    expect(await screen.findByRole('dialog', { name: 'Edit Property' })).toBeInTheDocument();
    expect(server.calls('POST /api/notifications/9/read')).toHaveLength(1);
    expect(server.calls('GET /api/properties/77')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/properties');
  });

  it('toasts a permit notice that arrives while the panel is open, and counts mixed arrivals as notifications', async () => {
    let bell: Notifications = { unread: 1, items: [sam] };
    mockServer({ 'GET /api/user': signedIn, 'GET /api/notifications': () => json(200, bell) });
    const { queryClient } = renderApp('/');
    await screen.findByRole('button', { name: 'Notifications: 1 unread' });

    bell = { unread: 2, items: [permitNotice(9, 'permitExpiring3'), sam] };
    await queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    const toast = (await screen.findByText('A listing’s advertising permit')).closest('li') as HTMLElement;
    expect(toast).toHaveTextContent('Permit 7123456789 of "Villa in Dubai Marina" expires in 3 days');

    bell = { unread: 4, items: [{ ...rana, id: 11 }, permitNotice(10, 'permitExpired'), permitNotice(9, 'permitExpiring3'), sam] };
    await queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    expect(await screen.findByText('2 new notifications')).toBeInTheDocument();
  });

  it('says them in Arabic, the number and the English title kept in their own direction', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/user': () => json(200, { ...admin, language: 'ar' }),
      'GET /api/notifications': () => json(200, { unread: 1, items: [permitNotice(9, 'permitExpired')] }),
    });
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: ar.notifications.bellUnread_one }));
    const dialog = await screen.findByRole('dialog', { name: ar.notifications.title });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const [item] = within(dialog).getAllByRole('listitem') as [HTMLElement];
    expect(item).toHaveTextContent('انتهى تصريح 7123456789 للعقار «Villa in Dubai Marina»: أصبح العقار معلّقًا');
    expect(within(item).getByText('7123456789')).toHaveAttribute('dir', 'ltr');
    expect(within(item).getByText('Villa in Dubai Marina').tagName).toBe('BDI');
  });
});
