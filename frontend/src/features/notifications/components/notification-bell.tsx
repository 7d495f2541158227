import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Notification, NotificationKind, Notifications } from '@/generated/types';
import { Ltr } from '@/components/ltr';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { contactRequestsQueryKey } from '@/features/contacts';
import { toast } from '@/hooks/use-toast';
import { useFormat } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';

/** A notice about a listing's advertising permit (issue 39), by its kind: expiring in 14 or 3 days, or expired. */
type PermitKind = Exclude<NotificationKind, 'lead'>;

const PERMIT_TEXTS = {
  permitExpiring14: 'notifications.permit.expiring14',
  permitExpiring3: 'notifications.permit.expiring3',
  permitExpired: 'notifications.permit.expired',
} as const satisfies Record<PermitKind, string>;

/**
 * Where a notification opens: a lead's request in the inbox with its details dialog, a permit
 * notice's listing in its edit dialog (the list opens `?edit=ID`).
 */
export function notificationAddress(notification: Notification): string {
  if (notification.kind === 'lead') {
    return notification.contactRequestId == null ? '/contacts' : `/contacts?request=${String(notification.contactRequestId)}`;
  }
  return notification.propertyId == null ? '/properties' : `/properties?edit=${String(notification.propertyId)}`;
}

/**
 * A permit notice as a sentence in the interface language: 'Permit 7123456789 of "Villa in
 * Dubai Marina" expires in 14 days'. The number and the (English) title keep their own
 * direction inside an Arabic sentence.
 */
function PermitNotice({ notification }: { notification: Notification & { kind: PermitKind } }) {
  const { t } = useTranslation();
  return (
    <Trans
      t={t}
      i18nKey={PERMIT_TEXTS[notification.kind]}
      values={{ number: notification.subject, title: notification.name }}
      components={{ number: <Ltr />, title: <bdi lang="en" /> }}
    />
  );
}

function isPermitNotice(notification: Notification): notification is Notification & { kind: PermitKind } {
  return notification.kind !== 'lead';
}

/**
 * Tells with a toast of each lead given to the user, or permit notice, since the bell was
 * first read, while the panel is open; the first answer only sets where the bell stands.
 * Running again on the same answer tells nothing twice: the newest seen has moved on.
 */
function useArrivals(bell: Notifications | undefined, onOpen: (notification: Notification) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const newestSeen = useRef<number | null>(null);
  // The toast opens with the newest `onOpen`, but a new `onOpen` alone is no new answer to look at.
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });
  useEffect(() => {
    if (bell === undefined) return;
    const seen = newestSeen.current;
    newestSeen.current = Math.max(seen ?? 0, ...bell.items.map((item) => item.id));
    if (seen === null) return;
    const arrived = bell.items.filter((item) => item.id > seen && !item.read);
    const newest = arrived[0];
    if (newest === undefined) return;
    const leads = arrived.every((item) => item.kind === 'lead');
    if (arrived.some((item) => item.kind === 'lead')) void queryClient.invalidateQueries({ queryKey: contactRequestsQueryKey });
    const one = arrived.length === 1;
    toast({
      title: !one
        ? leads
          ? t('notifications.arrivedMany', { count: arrived.length })
          : t('notifications.arrivedNotices', { count: arrived.length })
        : isPermitNotice(newest)
          ? t('notifications.permit.arrived')
          : t('notifications.arrived', { name: newest.name }),
      description: !one ? undefined : isPermitNotice(newest) ? <PermitNotice notification={newest} /> : newest.subject,
      action: {
        label: t('notifications.open'),
        altText: t('notifications.openHint'),
        onClick: () => {
          open.current(newest);
        },
      },
    });
  }, [bell, queryClient, t]);
}

/**
 * The side bar's bell (issue 26): the unread count, the newest notifications, each opening
 * its lead, or for a permit notice (issue 39) its listing.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const bell = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const [open, setOpen] = useState(false);
  const openNotification = (notification: Notification) => {
    setOpen(false);
    if (!notification.read) markRead.mutate(notification.id);
    void navigate(notificationAddress(notification));
  };
  useArrivals(bell.data, openNotification);
  const unread = bell.data?.unread ?? 0;
  const items = bell.data?.items ?? [];
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Tooltip>
        <TooltipTrigger asChild>
          <DialogTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={label} className="relative">
              <Bell aria-hidden />
              {unread > 0 && (
                <span
                  aria-hidden
                  data-testid="bell-count"
                  className="absolute -end-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-destructive-foreground"
                >
                  {f.number(unread)}
                </span>
              )}
            </Button>
          </DialogTrigger>
        </TooltipTrigger>
        <TooltipContent side="top">{label}</TooltipContent>
      </Tooltip>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('notifications.title')}</DialogTitle>
          <DialogDescription>
            {unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.allRead')}
          </DialogDescription>
        </DialogHeader>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('notifications.empty')}</p>
        ) : (
          <ul className="grid gap-1" aria-label={t('notifications.title')}>
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => {
                    openNotification(item);
                  }}
                  className={cn(
                    'grid w-full gap-0.5 rounded-md p-3 text-start text-sm transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    !item.read && 'bg-primary/5',
                  )}
                >
                  <span className="flex items-center gap-2 font-medium">
                    {!item.read && <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden />}
                    {isPermitNotice(item) ? (
                      <span>
                        <PermitNotice notification={item} />
                      </span>
                    ) : (
                      <span className="truncate">{t('notifications.assigned', { name: item.name })}</span>
                    )}
                    {!item.read && <span className="sr-only">{t('notifications.new')}</span>}
                  </span>
                  {!isPermitNotice(item) && (
                    <span className="truncate text-muted-foreground" dir="auto">
                      {item.subject}
                    </span>
                  )}
                  <time className="text-xs text-muted-foreground" dateTime={item.createdAt}>
                    {f.dateTime(item.createdAt)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        )}
        {unread > 0 && (
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => {
                markAll.mutate(undefined);
              }}
              disabled={markAll.isPending}
            >
              {t('notifications.markAllRead')}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
