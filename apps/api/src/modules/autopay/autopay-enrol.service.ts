import {
  autopayMessages,
  type Autopay,
  type AutopayEnrolment,
  type AutopayQuery,
  type EnrolAutopayBody,
} from '@paylane/shared/contracts/autopay';
import { messages } from '@paylane/shared/messages';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { Actor } from '../../kit/actor';
import { fieldError, notFound } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { uniqueConstraintOf } from '../../lib/unique-violation';
import { recordAudit } from '../audit/audit.service';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import { requestDispatch } from '../messaging/dispatch-request.service';
import { authorizationTextOf, methodLabelOf } from './autopay-authorization';
import { autopayTextType, queueAutopayText } from './autopay-texts';
import {
  findActiveEnrolment,
  findActiveMethod,
  findAutopayAccount,
  findCustomerName,
  findEnrolmentNames,
  findLatestEnrolment,
  holdsAccount,
  insertEnrolment,
  setAutopayEnabled,
  type EnrolmentRow,
} from './autopay.repository';
import { stopAutopay } from './autopay.service';

// The enrolment API (issue 18 item 1): GET, POST and DELETE …/customers/{c}/accounts/{a}/autopay/.

const ONE_ACTIVE_INDEX = 'autopay_enrolments_one_active_per_account';

export type AccountPath = { merchantId: string; customerId: string; accountId: string };

type AutopayAccount = NonNullable<Awaited<ReturnType<typeof findAutopayAccount>>>;

/** The path's customer holds the path's account (primary or co-borrower) in this merchant, else 404. */
export async function checkAutopayPath(ctx: AppContext, path: AccountPath): Promise<AutopayAccount> {
  if (!isUuid(path.customerId) || !isUuid(path.accountId)) throw notFound();
  const account = await findAutopayAccount(ctx.db, path);
  if (!account) throw notFound();
  const holds = await holdsAccount(ctx.db, { ...path, primaryCustomerId: account.customerId });
  if (!holds) throw notFound();
  return account;
}

/** GET …/autopay/: the switch, the enrolment, and the authorization text for the asked method and due day. */
export async function getAutopay(ctx: AppContext, path: AccountPath, query: AutopayQuery): Promise<Autopay> {
  const account = await checkAutopayPath(ctx, path);
  const text =
    query.payment_method && query.due_day
      ? await authorizationFor(ctx, path, account, { methodId: query.payment_method, dueDay: query.due_day })
      : null;
  return answerOf(ctx, path, { autopayEnabled: account.autopayEnabled, authorizationText: text });
}

async function authorizationFor(
  ctx: AppContext,
  path: AccountPath,
  account: AutopayAccount,
  chosen: { methodId: string; dueDay: number },
): Promise<string | null> {
  if (!isUuid(chosen.methodId)) return null;
  const method = await findActiveMethod(ctx.db, { ...path, id: chosen.methodId });
  const customer = await findCustomerName(ctx.db, path);
  // A method retired by a bank return (R02–R04) cannot be debited again: no authorization is built for it.
  if (!method?.processorToken || method.retiredAt || !customer) return null;
  return authorizationTextOf({
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    merchantName: account.merchantName,
    accountNumber: account.externalId,
    amountDueCents: account.amountDueCents,
    methodLabel: methodLabelOf(method),
    dueDay: chosen.dueDay,
  });
}

/**
 * Enrols the path's customer in autopay on the account with a saved method and due day: the enrolment (with the
 * authorization text the server built, who, when, from where) and the switch on, history, audit, and the
 * AUTOPAY text (AUTOPAY_MERCHANT, as staff recorded it) — one transaction.
 */
export async function enrolAutopay(
  ctx: AppContext,
  actor: Actor,
  path: AccountPath,
  body: EnrolAutopayBody,
): Promise<Autopay> {
  const account = await checkAutopayPath(ctx, path);
  if (account.mergedIntoId) throw fieldError('non_field_errors', messages.accountMerged);
  if (account.customerVoidedAt) throw fieldError('non_field_errors', messages.customerVoided);
  if (account.status === 'inactive' || account.status === 'closed')
    throw fieldError('non_field_errors', messages.accountInactive);
  await refuseIfEnrolled(ctx, path);
  // Payments are taken on the primary borrower's account with their methods (payments module): a co-borrower's
  // card could not be charged, so their enrolment is refused rather than left to fail every night.
  if (path.customerId !== account.customerId)
    throw fieldError('non_field_errors', autopayMessages.primaryOnly);
  const text = await authorizationFor(ctx, path, account, {
    methodId: body.payment_method,
    dueDay: body.due_day,
  });
  if (!text) throw fieldError('payment_method', autopayMessages.invalidMethod);

  const now = ctx.now();
  let isTextQueued = false;
  try {
    await inTransaction(ctx.db, async (tx) => {
      const enrolment = await insertEnrolment(tx, {
        merchantId: path.merchantId,
        customerId: path.customerId,
        accountId: path.accountId,
        paymentMethodId: body.payment_method,
        dueDay: body.due_day,
        authorizationText: text,
        enrolledBy: actor.userId,
        enrolledAt: now,
        ip: actor.ip || null,
      });
      const wasEnabled = await setAutopayEnabled(tx, path, true);
      await recordEnrolled({ ...ctx, db: tx }, actor, enrolment, wasEnabled);
      const type = autopayTextType('enabled', actor.userId !== null);
      isTextQueued = await queueAutopayText({ ...ctx, db: tx }, enrolment, type, account);
    });
  } catch (error) {
    if (uniqueConstraintOf(error) !== ONE_ACTIVE_INDEX) throw error;
    await refuseIfEnrolled(ctx, path);
    throw error;
  }
  if (isTextQueued) await requestDispatch(ctx);
  return answerOf(ctx, path, { autopayEnabled: true, authorizationText: null });
}

/** One customer's autopay per account: another customer's is refused with the product's words. */
async function refuseIfEnrolled(ctx: AppContext, path: AccountPath): Promise<void> {
  const active = await findActiveEnrolment(ctx.db, path);
  if (!active) return;
  if (active.customerId !== path.customerId)
    throw fieldError('non_field_errors', autopayMessages.otherCustomer);
  throw fieldError('non_field_errors', autopayMessages.alreadyOn);
}

async function recordEnrolled(ctx: AppContext, actor: Actor, enrolment: EnrolmentRow, wasEnabled: boolean) {
  const details = {
    enrolment_id: enrolment.id,
    payment_method_id: enrolment.paymentMethodId,
    due_day: enrolment.dueDay,
    authorization_text: enrolment.authorizationText,
  };
  await insertCustomerEvents(ctx.db, [
    {
      merchantId: enrolment.merchantId,
      customerId: enrolment.customerId,
      accountId: enrolment.accountId,
      kind: 'autopay.enrolled',
      actorUserId: actor.userId,
      at: enrolment.enrolledAt,
      details,
    },
  ]);
  await recordAudit(ctx, {
    merchantId: enrolment.merchantId,
    actorUserId: actor.userId,
    action: 'autopay.enrolled',
    entityType: 'account',
    entityId: enrolment.accountId,
    before: { autopay_enabled: wasEnabled },
    after: { autopay_enabled: true, ...details },
    ip: actor.ip || null,
  });
}

/** DELETE …/autopay/: stops it (a no-op when it is off); staff stopping it texts AUTOPAY_DISABLED_MERCHANT. */
export async function stopAccountAutopay(ctx: AppContext, actor: Actor, path: AccountPath): Promise<Autopay> {
  await checkAutopayPath(ctx, path);
  await stopAutopay(ctx, {
    merchantId: path.merchantId,
    accountId: path.accountId,
    reason: 'Stopped by staff',
    actorUserId: actor.userId,
    ip: actor.ip,
  });
  return answerOf(ctx, path, { autopayEnabled: false, authorizationText: null });
}

async function answerOf(
  ctx: AppContext,
  path: AccountPath,
  state: { autopayEnabled: boolean; authorizationText: string | null },
): Promise<Autopay> {
  const latest = await findLatestEnrolment(ctx.db, path);
  return {
    autopay_enabled: state.autopayEnabled,
    enrolment: latest ? await enrolmentOf(ctx, latest) : null,
    authorization_text: state.authorizationText,
  };
}

async function enrolmentOf(ctx: AppContext, row: EnrolmentRow): Promise<AutopayEnrolment> {
  const { customer, method, user } = await findEnrolmentNames(ctx.db, row);
  return {
    id: row.id,
    customer: {
      id: row.customerId,
      first_name: customer?.firstName ?? '',
      last_name: customer?.lastName ?? '',
    },
    payment_method: { id: row.paymentMethodId, label: method ? methodLabelOf(method) : '' },
    due_day: row.dueDay,
    authorization_text: row.authorizationText,
    enrolled_by: user ? { id: user.id, first_name: user.firstName, last_name: user.lastName } : null,
    enrolled_at: row.enrolledAt.toISOString(),
    stopped_at: row.stoppedAt?.toISOString() ?? null,
    stop_reason: row.stopReason,
  };
}
