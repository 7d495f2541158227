/** An uptime as the largest two units: '3 d 4 h', '2 h 5 min', '40 s'. */
export function formatDuration(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${totalSeconds} s`;
}

/** A moment as the reader's local date and time. */
export function formatMoment(at: string): string {
  return new Date(at).toLocaleString();
}
