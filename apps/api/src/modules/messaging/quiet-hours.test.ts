import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours';

const chicago = { timeZone: 'America/Chicago', start: '21:00', end: '08:00' };

describe('quiet hours in the recipient’s zone', () => {
  it('lets a text leave between 08:00 and 21:00 local time', () => {
    expect(quietUntil(chicago, new Date('2026-07-01T13:00:00Z'))).toBeNull(); // 08:00 CDT
    expect(quietUntil(chicago, new Date('2026-07-02T01:59:00Z'))).toBeNull(); // 20:59 CDT
  });

  it('defers a text written at night to 08:00 the next local morning', () => {
    // 21:00 CDT on July 1 → 08:00 CDT on July 2.
    expect(quietUntil(chicago, new Date('2026-07-02T02:00:00Z'))).toEqual(new Date('2026-07-02T13:00:00Z'));
    // 03:00 CDT on July 2 → 08:00 the same day.
    expect(quietUntil(chicago, new Date('2026-07-02T08:00:00Z'))).toEqual(new Date('2026-07-02T13:00:00Z'));
  });

  it('uses the recipient’s own zone, across a clock change', () => {
    const pacific = { ...chicago, timeZone: 'America/Los_Angeles' };
    // 22:00 PST on Saturday March 7 2026; clocks spring forward that night: 08:00 PDT is 15:00 UTC.
    expect(quietUntil(pacific, new Date('2026-03-08T06:00:00Z'))).toEqual(new Date('2026-03-08T15:00:00Z'));
  });

  it('handles quiet hours inside one day and none at all', () => {
    const midday = { timeZone: 'UTC', start: '12:00', end: '13:00' };
    expect(quietUntil(midday, new Date('2026-07-01T12:30:00Z'))).toEqual(new Date('2026-07-01T13:00:00Z'));
    expect(quietUntil(midday, new Date('2026-07-01T13:00:00Z'))).toBeNull();
    expect(quietUntil({ timeZone: 'UTC', start: '00:00', end: '00:00' }, new Date())).toBeNull();
  });
});
