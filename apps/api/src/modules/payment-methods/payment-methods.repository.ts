import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, merchantAccounts, paymentMethodEntries, paymentMethods } from '../../db/schema';
import { countWhere } from '../../kit/count';

// Every query carries the merchant id: another merchant's customer is as unknown as a missing one.

/** Whether the customer is one of the merchant's (voided customers included: their page still opens). */
export async function isMerchantCustomer(
  db: Db,
  { merchantId, id }: { merchantId: string; id: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)))
    .limit(1);
  return row !== undefined;
}

const optionColumns = {
  id: paymentMethods.id,
  paymentType: paymentMethods.paymentType,
  cardType: paymentMethods.cardType,
  nickname: paymentMethods.nickname,
  maskedCardNumber: paymentMethods.maskedCardNumber,
  maskedAccountNumber: paymentMethods.maskedAccountNumber,
  funding: paymentMethods.funding,
  retiredAt: paymentMethods.retiredAt,
  retiredReason: paymentMethods.retiredReason,
};

/**
 * The customer's payment methods that are not removed, newest first. Only the columns of the answer are
 * read: masks and labels, never anything the processor holds.
 */
export async function listPaymentMethods(
  db: Db,
  query: { merchantId: string; customerId: string; limit: number; offset: number },
) {
  const where = and(
    eq(paymentMethods.merchantId, query.merchantId),
    eq(paymentMethods.customerId, query.customerId),
    isNull(paymentMethods.removedAt),
  );
  const rows = await db
    .select(optionColumns)
    .from(paymentMethods)
    .where(where)
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, paymentMethods, where) };
}
export type PaymentMethodRow = Awaited<ReturnType<typeof listPaymentMethods>>['rows'][number];

type MethodKey = { merchantId: string; customerId: string; id: string };
const liveMethod = (key: MethodKey) =>
  and(
    eq(paymentMethods.merchantId, key.merchantId),
    eq(paymentMethods.customerId, key.customerId),
    eq(paymentMethods.id, key.id),
    isNull(paymentMethods.removedAt),
  );

/** A method that is not removed, with its nickname before the change; null when there is none. */
export async function findLiveMethod(db: Db, key: MethodKey): Promise<PaymentMethodRow | null> {
  const [row] = await db.select(optionColumns).from(paymentMethods).where(liveMethod(key)).for('update');
  return row ?? null;
}

export async function setMethodNickname(db: Db, key: MethodKey, nickname: string) {
  const [row] = await db
    .update(paymentMethods)
    .set({ nickname })
    .where(liveMethod(key))
    .returning(optionColumns);
  return row ?? null;
}

/**
 * Removes a method from use (kept for the payments that name it); null when it was already removed. Answers
 * where the processor keeps it too, so the caller can forget it there.
 */
export async function markMethodRemoved(db: Db, key: MethodKey, at: Date) {
  const [row] = await db
    .update(paymentMethods)
    .set({ removedAt: at })
    .where(liveMethod(key))
    .returning({
      ...optionColumns,
      processor: paymentMethods.processor,
      processorAccountId: paymentMethods.processorAccountId,
      processorToken: paymentMethods.processorToken,
    });
  return row ?? null;
}

/**
 * Retires a method after a bank return that says its account cannot be debited (issue 18): kept, listed as
 * retired, never offered or charged again. Null when it was already retired or removed.
 */
export async function markMethodRetired(db: Db, key: MethodKey, retired: { at: Date; reason: string }) {
  const [row] = await db
    .update(paymentMethods)
    .set({ retiredAt: retired.at, retiredReason: retired.reason })
    .where(and(liveMethod(key), isNull(paymentMethods.retiredAt)))
    .returning(optionColumns);
  return row ?? null;
}

/** The customer's location, which picks the processing account; null when not the merchant's customer. */
export async function findCustomerLocation(db: Db, { merchantId, id }: { merchantId: string; id: string }) {
  const [row] = await db
    .select({ locationId: customers.locationId })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)))
    .limit(1);
  return row ?? null;
}

/** The merchant's active processing account, the customer's location's first (as a payment picks it). */
export async function findActiveProcessingAccount(db: Db, merchantId: string, locationId: string | null) {
  const [row] = await db
    .select({
      processor: merchantAccounts.processor,
      processorAccountId: merchantAccounts.processorAccountId,
    })
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.merchantId, merchantId), eq(merchantAccounts.status, 'active')))
    .orderBy(
      locationId ? sql`(${merchantAccounts.locationId} = ${locationId}) desc` : sql`1`,
      asc(merchantAccounts.name),
    )
    .limit(1);
  return row ?? null;
}

export type NewMethodEntry = typeof paymentMethodEntries.$inferInsert;
export type MethodEntryRow = typeof paymentMethodEntries.$inferSelect;

export async function insertMethodEntry(db: Db, values: NewMethodEntry) {
  await db.insert(paymentMethodEntries).values(values);
}

/** An entry of the merchant by the processor's id, locked when `lock` (the save that consumes it). */
export async function findMethodEntry(
  db: Db,
  key: { merchantId: string; processor: 'sandbox' | 'stripe'; entryId: string },
  lock = false,
): Promise<MethodEntryRow | null> {
  const query = db
    .select()
    .from(paymentMethodEntries)
    .where(
      and(
        eq(paymentMethodEntries.merchantId, key.merchantId),
        eq(paymentMethodEntries.processor, key.processor),
        eq(paymentMethodEntries.entryId, key.entryId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function markEntryUsed(db: Db, id: string, paymentMethodId: string) {
  await db.update(paymentMethodEntries).set({ paymentMethodId }).where(eq(paymentMethodEntries.id, id));
}

export async function insertPaymentMethod(db: Db, values: typeof paymentMethods.$inferInsert) {
  const [row] = await db.insert(paymentMethods).values(values).returning(optionColumns);
  if (!row) throw new Error('payment method not saved');
  return row;
}
