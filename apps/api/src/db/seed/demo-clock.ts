import { addDays, localDateAt, zonedInstant, type LocalDate } from '../../jobs/zoned-time';

/**
 * The demo's history is written relative to the moment it is seeded, on the dealership's wall clock, so a
 * newcomer sees texts from this morning and from last month at business hours, whenever they start it.
 */
export type DemoClock = {
  now: Date;
  /** `localTime` ('HH:MM') on the day `daysAgo` days before today, in the merchant's zone (daysAgo ≥ 1). */
  at(daysAgo: number, localTime: string): Date;
  /** A moment shortly before the seed, for today's texts. */
  minutesAgo(minutes: number): Date;
  /** `localTime` on the day `days` after today, in the merchant's zone (a snooze's end). */
  ahead(days: number, localTime: string): Date;
  /** The merchant's calendar date `days` from today (negative: past), 'YYYY-MM-DD'. */
  date(days: number): LocalDate;
};

export function createDemoClock(now: Date, timeZone: string): DemoClock {
  const today = localDateAt(timeZone, now);
  return {
    now,
    at: (daysAgo, localTime) => {
      if (daysAgo < 1) throw new Error('demo history before today only: use minutesAgo for today');
      return zonedInstant(timeZone, addDays(today, -daysAgo), localTime);
    },
    minutesAgo: (minutes) => new Date(now.getTime() - minutes * 60_000),
    ahead: (days, localTime) => zonedInstant(timeZone, addDays(today, days), localTime),
    date: (days) => addDays(today, days),
  };
}

/** A few seconds or minutes after `at`: when the provider took a text, or when its status last changed. */
export function later(at: Date, seconds: number): Date {
  return new Date(at.getTime() + seconds * 1000);
}
