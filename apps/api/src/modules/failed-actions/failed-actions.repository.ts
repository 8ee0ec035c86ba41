import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FailedActionFilter } from '@paylane/shared/contracts/failed-actions';
import type { Db } from '../../db/client';
import {
  accounts,
  customers,
  failedActions,
  messages,
  paymentMethods,
  payments,
  users,
} from '../../db/schema';

export type FailedActionRow = typeof failedActions.$inferSelect;
export type NewFailedAction = typeof failedActions.$inferInsert;

/**
 * A failure recorded once per subject: a repeat (a replayed webhook, the next soft-decline attempt of the same
 * autopay due date) brings an open action up to date with the latest payment and reason; a closed one stays —
 * unless `isReopening`: a bank return is a new failure of a payment that had gone through, which no one could
 * have resolved yet, so it opens the subject's action again. A failure with no payment keeps the one it had.
 */
export async function upsertFailedAction(
  db: Db,
  action: NewFailedAction,
  options: { isReopening?: boolean } = {},
): Promise<void> {
  await db
    .insert(failedActions)
    .values(action)
    .onConflictDoUpdate({
      target: [failedActions.merchantId, failedActions.subjectKey],
      set: {
        paymentId: sql`coalesce(excluded.payment_id, ${failedActions.paymentId})`,
        reasonCode: sql`excluded.reason_code`,
        reasonMessage: sql`excluded.reason_message`,
        isRetryable: sql`excluded.is_retryable`,
        ...(options.isReopening ? reopened : {}),
      },
      setWhere: options.isReopening ? undefined : isNull(failedActions.resolvedAt),
    });
}

/** What opens a closed action again. */
export const reopened = { resolvedAt: null, resolvedByUserId: null, resolution: null } as const;

type ActionKey = { merchantId: string; id: string };

/** An open action's retry, as its payment or message moved: declined (new reason) or done (resolved). */
export async function updateOpenAction(db: Db, key: ActionKey, data: Partial<NewFailedAction>) {
  const [row] = await db
    .update(failedActions)
    .set(data)
    .where(
      and(
        eq(failedActions.merchantId, key.merchantId),
        eq(failedActions.id, key.id),
        isNull(failedActions.resolvedAt),
      ),
    )
    .returning({ id: failedActions.id });
  return row ?? null;
}

/** An action whose retry came back from the bank, open or not: `data` reopens it with the return's reason. */
export async function updateAction(db: Db, key: ActionKey, data: Partial<NewFailedAction>) {
  await db
    .update(failedActions)
    .set(data)
    .where(and(eq(failedActions.merchantId, key.merchantId), eq(failedActions.id, key.id)));
}

/** An open autopay action of an account's due date, closed by a later attempt that went through. */
export async function resolveOpenBySubject(
  db: Db,
  key: { merchantId: string; subjectKey: string },
  data: Partial<NewFailedAction>,
) {
  await db
    .update(failedActions)
    .set(data)
    .where(
      and(
        eq(failedActions.merchantId, key.merchantId),
        eq(failedActions.subjectKey, key.subjectKey),
        isNull(failedActions.resolvedAt),
      ),
    );
}

function filterWhere(merchantId: string, filter: FailedActionFilter): SQL {
  const conditions: SQL[] = [eq(failedActions.merchantId, merchantId)];
  if (filter.kind?.length) conditions.push(inArray(failedActions.kind, filter.kind));
  if (filter.state === 'open') conditions.push(isNull(failedActions.resolvedAt));
  if (filter.state === 'resolved') conditions.push(isNotNull(failedActions.resolvedAt));
  return and(...conditions) as SQL;
}

const listColumns = {
  action: failedActions,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  accountExternalId: accounts.externalId,
  amountCents: payments.amountCents,
  resolverFirstName: users.firstName,
  resolverLastName: users.lastName,
};

export type FailedActionListRow = {
  action: FailedActionRow;
  customerFirstName: string | null;
  customerLastName: string | null;
  accountExternalId: string | null;
  amountCents: number | null;
  resolverFirstName: string | null;
  resolverLastName: string | null;
};

function selectWithNames(db: Db) {
  return db
    .select(listColumns)
    .from(failedActions)
    .leftJoin(
      customers,
      and(eq(customers.merchantId, failedActions.merchantId), eq(customers.id, failedActions.customerId)),
    )
    .leftJoin(
      accounts,
      and(eq(accounts.merchantId, failedActions.merchantId), eq(accounts.id, failedActions.accountId)),
    )
    .leftJoin(
      payments,
      and(eq(payments.merchantId, failedActions.merchantId), eq(payments.id, failedActions.paymentId)),
    )
    .leftJoin(users, eq(users.id, failedActions.resolvedByUserId));
}

/** A page of the merchant's actions, newest first. */
export async function listFailedActions(
  db: Db,
  merchantId: string,
  filter: FailedActionFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: FailedActionListRow[] }> {
  const where = filterWhere(merchantId, filter);
  const [total] = await db.select({ count: count() }).from(failedActions).where(where);
  const rows = await selectWithNames(db)
    .where(where)
    .orderBy(desc(failedActions.createdAt), desc(failedActions.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.count ?? 0, rows };
}

export async function findFailedActionsWithNames(db: Db, merchantId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return selectWithNames(db).where(
    and(eq(failedActions.merchantId, merchantId), inArray(failedActions.id, [...ids])),
  );
}

export async function findFailedAction(db: Db, key: ActionKey): Promise<FailedActionRow | null> {
  const [row] = await db
    .select()
    .from(failedActions)
    .where(and(eq(failedActions.merchantId, key.merchantId), eq(failedActions.id, key.id)));
  return row ?? null;
}

/** The ids of the open actions matching the list's filters, oldest first, at most `limit`. */
export async function listOpenActionIds(
  db: Db,
  merchantId: string,
  filter: FailedActionFilter,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: failedActions.id })
    .from(failedActions)
    .where(and(filterWhere(merchantId, filter), isNull(failedActions.resolvedAt)))
    .orderBy(failedActions.createdAt, failedActions.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The payment an action is about, as its retry needs it. */
export async function findActionPayment(db: Db, key: ActionKey) {
  const [row] = await db
    .select({
      id: payments.id,
      customerId: payments.customerId,
      accountId: payments.accountId,
      amountCents: payments.amountCents,
      paymentMethodId: payments.paymentMethodId,
    })
    .from(payments)
    .where(and(eq(payments.merchantId, key.merchantId), eq(payments.id, key.id)));
  return row ?? null;
}

/** A saved method the processor can still charge (not removed nor retired by a bank return, with a token). */
export async function findLiveMethod(
  db: Db,
  key: { merchantId: string; customerId: string; id: string },
): Promise<string | null> {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.merchantId, key.merchantId),
        eq(paymentMethods.customerId, key.customerId),
        eq(paymentMethods.id, key.id),
        isNull(paymentMethods.removedAt),
        isNull(paymentMethods.retiredAt),
        isNotNull(paymentMethods.processorToken),
      ),
    );
  return row?.id ?? null;
}

/** The customer's newest chargeable method: what replaces one removed or retired since the failure. */
export async function findNewestLiveMethod(db: Db, key: { merchantId: string; customerId: string }) {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.merchantId, key.merchantId),
        eq(paymentMethods.customerId, key.customerId),
        isNull(paymentMethods.removedAt),
        isNull(paymentMethods.retiredAt),
        isNotNull(paymentMethods.processorToken),
      ),
    )
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(1);
  return row?.id ?? null;
}

/** The message an action is about, with its customer's current address and consent, as a resend needs it. */
export async function findActionMessage(db: Db, key: ActionKey) {
  const [row] = await db
    .select({
      id: messages.id,
      customerId: messages.customerId,
      accountId: messages.accountId,
      templateId: messages.templateId,
      channel: messages.channel,
      kind: messages.kind,
      body: messages.body,
      subject: messages.subject,
      language: messages.language,
      attachments: messages.attachments,
      smsPhoneNumber: customers.smsPhoneNumber,
      email: customers.email,
      smsOptedOutAt: customers.smsOptedOutAt,
      emailOptedOutAt: customers.emailOptedOutAt,
    })
    .from(messages)
    .innerJoin(
      customers,
      and(eq(customers.merchantId, messages.merchantId), eq(customers.id, messages.customerId)),
    )
    .where(and(eq(messages.merchantId, key.merchantId), eq(messages.id, key.id)));
  return row ?? null;
}
