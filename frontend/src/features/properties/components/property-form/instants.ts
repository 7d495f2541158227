// Instants as the API carries them (RFC 3339, sent in UTC with whole seconds) and as the
// form's date inputs show them: a date and time in the browser's time zone for the
// publishing window, a calendar day for a permit's dates.

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant in UTC with whole seconds, as the rules and the API read them. */
export function utcInstant(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z');
}

/** The browser's clock as the rules read an instant ('2026-11-29T10:00:00Z'): they read no clock. */
export function rulesNow(): string {
  return utcInstant(new Date());
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * A `datetime-local` entry ('2026-12-01T14:30', the browser's time zone) as the instant to
 * send ('2026-12-01T10:30:00Z' in Dubai); empty or unreadable is none.
 */
export function instantOfLocal(entry: string): string | null {
  if (!LOCAL_DATE_TIME.test(entry)) return null;
  const date = new Date(entry);
  return Number.isNaN(date.getTime()) ? null : utcInstant(date);
}

/** An instant as a `datetime-local` input shows it, in the browser's time zone; '' for none. */
export function localOfInstant(instant: string | null | undefined): string {
  if (instant == null || instant === '') return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Where a permit's day falls: its first second (an issue date) or its last (an expiry, a contract's end). */
export type DayEdge = 'start' | 'end';

/**
 * A `date` entry ('2027-03-31') as the instant to send: the day's first or last second in
 * UTC ('2027-03-31T00:00:00Z', '2027-03-31T23:59:59Z'); empty or unreadable is none.
 */
export function instantOfDay(entry: string, edge: DayEdge): string | null {
  if (!DAY.test(entry)) return null;
  const date = new Date(`${entry}T00:00:00Z`);
  // new Date accepts 2027-02-31 as March 3rd: a day that does not exist is none.
  if (Number.isNaN(date.getTime()) || utcInstant(date).slice(0, 10) !== entry) return null;
  return `${entry}T${edge === 'start' ? '00:00:00' : '23:59:59'}Z`;
}

/** The UTC day of an instant as a `date` input shows it; '' for none. */
export function dayOfInstant(instant: string | null | undefined): string {
  if (instant == null || instant === '') return '';
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : utcInstant(date).slice(0, 10);
}
