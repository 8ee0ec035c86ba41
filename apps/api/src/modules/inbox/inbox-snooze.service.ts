import { MAX_SNOOZE_DAYS, type SnoozeInput } from '@paylane/shared/contracts/inbox';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../kit/errors';
import { setSnoozedUntil } from './inbox-snooze.repository';
import { getInboxEntry } from './inbox.service';

const DAY_MS = 86_400_000;

/**
 * POST …/inbox/{customer_id}/snooze/ (issue 20): put a conversation away until a time — out of Needs reply,
 * Unread and Mine, into Snoozed — or until the customer texts again, whichever comes first.
 */
export async function snoozeConversation(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
  input: SnoozeInput,
) {
  const until = new Date(input.until);
  const now = ctx.now();
  if (until.getTime() <= now.getTime()) throw fieldError('until', 'Choose a time in the future');
  if (until.getTime() > now.getTime() + MAX_SNOOZE_DAYS * DAY_MS)
    throw fieldError('until', `Snooze for ${MAX_SNOOZE_DAYS} days at most`);
  if (!isUuid(customerId) || !(await setSnoozedUntil(ctx.db, merchantId, customerId, until)))
    throw notFound();
  return getInboxEntry(ctx, merchantId, customerId);
}

/** DELETE …/inbox/{customer_id}/snooze/: back into the views now. */
export async function wakeConversation(ctx: AppContext, merchantId: string, customerId: string) {
  if (!isUuid(customerId) || !(await setSnoozedUntil(ctx.db, merchantId, customerId, null))) throw notFound();
  return getInboxEntry(ctx, merchantId, customerId);
}
