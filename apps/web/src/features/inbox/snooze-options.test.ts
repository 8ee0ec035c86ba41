import { describe, expect, it } from 'vitest';
import { snoozeOptions } from './snooze-options';

const untilOf = (now: string, zone: string) =>
  Object.fromEntries(
    snoozeOptions(new Date(now), zone).map((option) => [option.label, option.until.toISOString()]),
  );

describe('snoozeOptions', () => {
  it("counts mornings on the merchant's clock, not the browser's", () => {
    // Wednesday 25 Nov 2026, 11:30 PM in Chicago (already Thursday in UTC).
    expect(untilOf('2026-11-26T05:30:00Z', 'America/Chicago')).toEqual({
      'For 1 hour': '2026-11-26T06:30:00.000Z',
      'Until tomorrow, 9 AM': '2026-11-26T15:00:00.000Z',
      'Until Monday, 9 AM': '2026-11-30T15:00:00.000Z',
      'Until they reply': '2026-12-26T04:30:00.000Z',
    });
  });

  it('keeps 9 AM across a daylight-saving change, and a Monday means next Monday', () => {
    // Monday 2 Mar 2026 in New York; clocks spring forward on Sunday 8 Mar.
    const until = untilOf('2026-03-02T14:00:00Z', 'America/New_York');
    expect(until['Until Monday, 9 AM']).toBe('2026-03-09T13:00:00.000Z');
    expect(until['Until tomorrow, 9 AM']).toBe('2026-03-03T14:00:00.000Z');
  });
});
