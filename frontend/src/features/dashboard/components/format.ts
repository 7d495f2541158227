import type { TFunction } from 'i18next';

/** An uptime as the largest two units: '3 d 4 h', '2 h 5 min', '40 s' (in the interface language). */
export function formatDuration(totalSeconds: number, t: TFunction<'dashboard'>): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const pair = (first: string, second: string) => t('uptime.pair', { first, second });
  if (days > 0) return pair(t('uptime.days', { count: days }), t('uptime.hours', { count: hours }));
  if (hours > 0) return pair(t('uptime.hours', { count: hours }), t('uptime.minutes', { count: minutes }));
  if (minutes > 0) return t('uptime.minutes', { count: minutes });
  return t('uptime.seconds', { count: totalSeconds });
}
