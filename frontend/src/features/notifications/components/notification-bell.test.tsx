import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification, Notifications } from '@/generated/types';
import { renderApp } from '@/test/render';
import { json, mockServer, signedIn } from '@/test/server';
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
    expect(await screen.findByText('Nothing yet. You will be told here when a lead is assigned to you.')).toBeInTheDocument();
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
