import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './date-time';

const CHICAGO = 'America/Chicago';
// Wednesday 2026-11-25, 3:00 PM in Chicago (21:00 UTC).
const now = new Date('2026-11-25T21:00:00Z');

describe('formatRelativeTime', () => {
  it.each([
    ['2026-11-25T20:59:40Z', 'now'],
    ['2026-11-25T20:58:00Z', '2m'],
    ['2026-11-25T18:00:00Z', '3h'],
    // 11:30 PM Chicago the day before, though it is the same UTC day.
    ['2026-11-25T05:30:00Z', 'Yesterday'],
    ['2026-11-22T18:00:00Z', 'Sun'],
    ['2026-11-10T18:00:00Z', '11/10/2026'],
  ])('%s reads %s in the merchant zone', (iso, shown) => {
    expect(formatRelativeTime(iso, now, CHICAGO)).toBe(shown);
  });

  it('uses the calendar day of the zone, not of UTC', () => {
    // 00:30 UTC on the 25th is 6:30 PM on the 24th in Chicago, but already the 25th in UTC.
    expect(formatRelativeTime('2026-11-25T00:30:00Z', now, CHICAGO)).toBe('Yesterday');
    expect(formatRelativeTime('2026-11-25T00:30:00Z', now, 'UTC')).toBe('20h');
  });

  it('falls back to the browser zone for an unknown zone and keeps a bad time as it came', () => {
    expect(formatRelativeTime('2026-11-25T20:58:00Z', now, 'Mars/Olympus')).toBe('2m');
    expect(formatRelativeTime('not a time', now, CHICAGO)).toBe('not a time');
  });
});

describe('formatDateTime', () => {
  it('writes the merchant clock with its zone', () => {
    expect(formatDateTime('2026-07-04T20:05:00Z', CHICAGO)).toBe('07/04/2026 3:05 PM CDT');
  });
});
