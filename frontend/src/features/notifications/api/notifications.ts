// The bell (issue 26): the user's newest notifications and their unread count, read again
// every little while the panel is open, and marking them read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notifications } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';

export const notificationsQueryKey = ['/api/notifications'] as const;

/** How often the bell asks whether a lead arrived while the panel is open. */
export const NOTIFICATIONS_REFRESH_MS = 20_000;

export function useNotifications() {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: () => dataOf(api.GET('/api/notifications')),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

/** Both answer the bell as it is after the change, which replaces the cached one. */
function useMarked<V>(mark: (variables: V) => Promise<Notifications>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mark,
    onSuccess: (bell) => {
      queryClient.setQueryData(notificationsQueryKey, bell);
    },
  });
}

export function useMarkRead() {
  return useMarked((id: number) => dataOf(api.POST('/api/notifications/{id}/read', { params: { path: { id } } })));
}

export function useMarkAllRead() {
  return useMarked<undefined>(() => dataOf(api.POST('/api/notifications/read')));
}
