import { MAX_SNOOZE_DAYS } from '@paylane/shared/contracts/inbox';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export type SnoozeOption = { label: string; until: Date };

/** Staff come back to work at nine, on the merchant's clock. */
const MORNING = '09:00';
const HOUR_MS = 3_600_000;
const MONDAY = 1;

/** 9 AM on the merchant's calendar day `days` after today's, whatever the daylight-saving shift between. */
function morningIn(now: Date, zone: string, days: number): Date {
  const day = dayjs(now).tz(zone).add(days, 'day').format('YYYY-MM-DD');
  return dayjs.tz(`${day} ${MORNING}`, zone).toDate();
}

/**
 * The snooze menu's choices (issue 20), on the merchant's clock: an hour, tomorrow morning, next Monday
 * morning, or until the customer texts again — which the server caps at 30 days, so it asks for just under.
 */
export function snoozeOptions(now: Date, timeZone: string | null): SnoozeOption[] {
  const zone = timeZone ?? dayjs.tz.guess();
  const weekday = dayjs(now).tz(zone).day();
  const daysToMonday = (MONDAY - weekday + 7) % 7 || 7;
  return [
    { label: 'For 1 hour', until: new Date(now.getTime() + HOUR_MS) },
    { label: 'Until tomorrow, 9 AM', until: morningIn(now, zone, 1) },
    { label: 'Until Monday, 9 AM', until: morningIn(now, zone, daysToMonday) },
    { label: 'Until they reply', until: new Date(now.getTime() + MAX_SNOOZE_DAYS * 24 * HOUR_MS - HOUR_MS) },
  ];
}
