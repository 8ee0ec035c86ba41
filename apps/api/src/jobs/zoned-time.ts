import { IANAZone } from 'luxon';

// Wall-clock arithmetic in IANA time zones, pure functions. Luxon (already pg-boss's, through cron-parser) reads a
// zone's offset at an instant; which instant a wall time skipped or repeated by a DST change means is our rule
// (zonedInstant): on its own Luxon (like dayjs) moves a skipped 02:30 to 03:30 and takes the later of two 01:30s.

/** A calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;
/** A time of day, 'HH:MM' (24 h). */
export type LocalTime = string;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const localTimePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isValidTimeZone(timeZone: string): boolean {
  return IANAZone.isValidZone(timeZone);
}

export function parseLocalTime(localTime: LocalTime): { hour: number; minute: number } {
  const match = localTimePattern.exec(localTime);
  if (!match) throw new Error(`"${localTime}" is not a time of day like 02:00`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/** The calendar date on the wall in `timeZone` at `instant`. */
export function localDateAt(timeZone: string, instant: Date): LocalDate {
  const ms = instant.getTime();
  return new Date(ms + offsetMs(timeZone, ms)).toISOString().slice(0, 10);
}

export function addDays(localDate: LocalDate, days: number): LocalDate {
  return new Date(Date.parse(`${localDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant of `localDate` in `timeZone` whose wall clock reads `localTime` or later. On the day clocks
 * spring forward past it (02:30 in New York), that is the moment they jump (03:00 EDT); on the day they fall
 * back over it (01:30), it is the first of the two 01:30s. So every local day has exactly one such instant.
 */
export function zonedInstant(timeZone: string, localDate: LocalDate, localTime: LocalTime): Date {
  const { hour, minute } = parseLocalTime(localTime);
  const wall = Date.parse(`${localDate}T00:00:00Z`) + (hour * 60 + minute) * MINUTE_MS;
  // The zone's offsets a day either side cover any transition near the target time.
  const offsets = [...new Set([offsetMs(timeZone, wall - DAY_MS), offsetMs(timeZone, wall + DAY_MS)])];
  const exact = offsets
    .map((offset) => wall - offset)
    .filter((instant) => instant + offsetMs(timeZone, instant) === wall)
    .sort((a, b) => a - b);
  if (exact[0] !== undefined) return new Date(exact[0]);
  // The wall time was skipped: the answer is the transition, between the two readings of the target.
  const candidates = offsets.map((offset) => wall - offset);
  return new Date(findTransition(timeZone, Math.min(...candidates), Math.max(...candidates)));
}

// The zone's UTC offset at `instant`. An unknown zone throws, as Intl does, rather than spreading NaN.
function offsetMs(timeZone: string, instant: number): number {
  const zone = IANAZone.create(timeZone);
  if (!zone.isValid) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  return zone.offset(instant) * MINUTE_MS;
}

// First instant in [from, to] with the offset that holds at `to` (the offset changes once in between).
function findTransition(timeZone: string, from: number, to: number): number {
  const after = offsetMs(timeZone, to);
  let [low, high] = [from, to];
  while (high - low > 1000) {
    const middle = low + Math.max(1000, Math.floor((high - low) / 2000) * 1000);
    if (offsetMs(timeZone, middle) === after) high = middle;
    else low = middle;
  }
  return high;
}
