import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOfInstant, instantOfDay, instantOfLocal, localOfInstant, rulesNow } from './instants';

// Dubai is four hours ahead of UTC all year: the browser's time zone of these cases.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Dubai';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('a date and time in the browser’s time zone', () => {
  it('is sent as the UTC instant it is, in whole seconds', () => {
    expect(instantOfLocal('2026-12-01T14:30')).toBe('2026-12-01T10:30:00Z');
    expect(instantOfLocal('2026-12-01T02:15')).toBe('2026-11-30T22:15:00Z');
  });

  it('is none while empty or incomplete', () => {
    expect(instantOfLocal('')).toBeNull();
    expect(instantOfLocal('2026-12-01')).toBeNull();
  });

  it('shows a stored instant in the browser’s time zone', () => {
    expect(localOfInstant('2026-12-01T10:30:00Z')).toBe('2026-12-01T14:30');
    expect(localOfInstant('2026-11-30T22:15:00+00:00')).toBe('2026-12-01T02:15');
    expect(localOfInstant(null)).toBe('');
  });
});

describe('a permit’s day', () => {
  it('is sent as its first second in UTC for an issue date and its last for an expiry', () => {
    expect(instantOfDay('2026-01-15', 'start')).toBe('2026-01-15T00:00:00Z');
    expect(instantOfDay('2027-03-31', 'end')).toBe('2027-03-31T23:59:59Z');
  });

  it('is none when empty or not a day of the calendar', () => {
    expect(instantOfDay('', 'end')).toBeNull();
    expect(instantOfDay('2027-02-31', 'end')).toBeNull();
  });

  it('shows the UTC day of a stored instant, whatever the browser’s time zone', () => {
    expect(dayOfInstant('2027-03-31T23:59:59Z')).toBe('2027-03-31');
    expect(dayOfInstant(undefined)).toBe('');
  });
});

describe('the rules’ clock', () => {
  it('reads the browser’s clock in UTC without milliseconds', () => {
    expect(rulesNow()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });
});
