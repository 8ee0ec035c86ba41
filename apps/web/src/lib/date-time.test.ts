import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  formatDateTime,
  formatDayHeading,
  formatRelativeTime,
  formatTimeOfDay,
} from './date-time';

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

describe('day headings and times of day in a chat', () => {
  // 10:30 AM on Saturday 11/28/2026 in Chicago.
  const saturday = new Date('2026-11-28T16:30:00Z');

  it('names today, yesterday, a day this year and a day of another year on the merchant’s calendar', () => {
    expect(formatDayHeading('2026-11-28T14:00:00Z', saturday, CHICAGO)).toBe('Today');
    // 11:30 PM on Friday in Chicago is already Saturday in UTC.
    expect(formatDayHeading('2026-11-28T05:30:00Z', saturday, CHICAGO)).toBe('Yesterday');
    expect(formatDayHeading('2026-11-25T18:00:00Z', saturday, CHICAGO)).toBe('Wednesday, Nov 25');
    expect(formatDayHeading('2025-11-12T18:00:00Z', saturday, CHICAGO)).toBe('Nov 12, 2025');
  });

  it('groups by the merchant’s calendar day and writes the time of day on its clock', () => {
    expect(calendarDay('2026-11-28T05:30:00Z', CHICAGO)).toBe('2026-11-27');
    expect(calendarDay('2026-11-28T05:30:00Z', 'UTC')).toBe('2026-11-28');
    expect(formatTimeOfDay('2026-07-04T20:05:00Z', CHICAGO)).toBe('3:05 PM');
  });
});
