import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { inTransaction } from '../../kit/transaction';
import { recordAudit } from '../audit/audit.service';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import { requestDispatch } from '../messaging/dispatch-request.service';
import { autopayTextType, queueAutopayText } from './autopay-texts';
import {
  closeEnrolment,
  findAccountsEnrolledWithMethod,
  findActiveEnrolment,
  findAutopayAccount,
  setAutopayEnabled,
  type EnrolmentRow,
} from './autopay.repository';

// Autopay (issue 18 items 1 and 2). `accounts.autopay_enabled` is THE switch the nightly run reads; an
// enrolment (autopay_enrolments) keeps the authorization record: who, when, the text agreed to, the method, the
// due day. Other modules use the two functions below (bank returns stop autopay; failed actions read it).
// Enrolment is offered, never required: no payment path asks for it (docs/reference/payments.md, Reg E).

export type AutopayInfo = {
  enrolmentId: string;
  customerId: string;
  paymentMethodId: string;
  dueDay: number;
  authorizationText: string;
  enrolledBy: string | null;
  enrolledAt: Date;
};

/** The account's active autopay (its enrolment), or null when it has none. */
export async function findAutopay(
  ctx: AppContext,
  key: { merchantId: string; accountId: string },
): Promise<AutopayInfo | null> {
  const row = await findActiveEnrolment(ctx.db, key);
  return row ? infoOf(row) : null;
}

const infoOf = (row: EnrolmentRow): AutopayInfo => ({
  enrolmentId: row.id,
  customerId: row.customerId,
  paymentMethodId: row.paymentMethodId,
  dueDay: row.dueDay,
  authorizationText: row.authorizationText,
  enrolledBy: row.enrolledBy,
  enrolledAt: row.enrolledAt,
});

export type StopAutopayRequest = {
  merchantId: string;
  accountId: string;
  /** Why, kept on the enrolment and in the history: 'Stopped by staff', 'R10', 'Payment method removed' … */
  reason: string;
  /** The staff user who stopped it; null when the system did (a bank return, a removed method). */
  actorUserId: string | null;
  ip?: string;
};

export type StopAutopayResult = {
  /** Whether autopay was on (the switch or an enrolment) before this call. */
  isStopped: boolean;
  /** A text was queued; with a caller's `tx`, it leaves on the dispatcher's next minute (or ask for it). */
  isTextQueued: boolean;
};

/**
 * Stops autopay on an account: the switch off, the active enrolment closed (stopped_at, by, reason), the
 * customer's history and the audit log written, and AUTOPAY_DISABLED texted (AUTOPAY_DISABLED_MERCHANT when
 * staff stopped it). In `tx` when given (a bank return's transaction), else in its own. Stopping an account
 * whose autopay is already off is a no-op.
 */
export async function stopAutopay(
  ctx: AppContext,
  request: StopAutopayRequest,
  tx?: Db,
): Promise<StopAutopayResult> {
  if (tx) return stopIn({ ...ctx, db: tx }, request);
  const result = await inTransaction(ctx.db, (inner) => stopIn({ ...ctx, db: inner }, request));
  if (result.isTextQueued) await requestDispatch(ctx);
  return result;
}

async function stopIn(ctx: AppContext, request: StopAutopayRequest): Promise<StopAutopayResult> {
  const key = { merchantId: request.merchantId, accountId: request.accountId };
  const account = await findAutopayAccount(ctx.db, key);
  if (!account) return { isStopped: false, isTextQueued: false };
  const wasEnabled = await setAutopayEnabled(ctx.db, key, false);
  const now = ctx.now();
  const enrolment = await closeEnrolment(ctx.db, key, {
    stoppedAt: now,
    stoppedBy: request.actorUserId,
    stopReason: request.reason,
  });
  if (!wasEnabled && !enrolment) return { isStopped: false, isTextQueued: false };
  await insertCustomerEvents(ctx.db, [
    {
      merchantId: request.merchantId,
      customerId: enrolment?.customerId ?? account.customerId,
      accountId: request.accountId,
      kind: 'autopay.stopped',
      actorUserId: request.actorUserId,
      at: now,
      details: { reason: request.reason, enrolment_id: enrolment?.id ?? null },
    },
  ]);
  await recordAudit(ctx, {
    merchantId: request.merchantId,
    actorUserId: request.actorUserId,
    action: 'autopay.stopped',
    entityType: 'account',
    entityId: request.accountId,
    before: { autopay_enabled: wasEnabled, enrolment_id: enrolment?.id ?? null },
    after: { autopay_enabled: false, reason: request.reason },
    ip: request.ip ?? null,
  });
  const isTextQueued = enrolment
    ? await queueAutopayText(
        ctx,
        enrolment,
        autopayTextType('disabled', request.actorUserId !== null),
        account,
      )
    : false;
  return { isStopped: true, isTextQueued };
}

/**
 * A saved method is removed (or retired by a bank return): the autopay it was charging stops in the same
 * transaction, with `reason`, instead of failing every night. `ctx.db` is the caller's transaction.
 */
export async function stopAutopayUsingMethod(
  ctx: AppContext,
  request: { merchantId: string; paymentMethodId: string; reason: string; actorUserId: string | null },
): Promise<number> {
  const accountIds = await findAccountsEnrolledWithMethod(ctx.db, request);
  for (const accountId of accountIds) await stopIn(ctx, { ...request, accountId });
  return accountIds.length;
}
