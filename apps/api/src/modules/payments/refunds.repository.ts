import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, refunds, users } from '../../db/schema';
import type { NewPayment, PaymentRow } from './payments.repository';

// Refunds' rows: the request (refunds) and one payments row of kind 'refund' per source, and the counters on
// the refunded payment that the database keeps within the payment (payments_refunded_within and
// payments_fee_refunded_within).

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

export async function findRefundByKey(db: Db, key: { merchantId: string; idempotencyKey: string }) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.merchantId, key.merchantId), eq(refunds.idempotencyKey, key.idempotencyKey)));
  return row ?? null;
}

export async function findRefund(db: Db, key: { merchantId: string; id: string }) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.merchantId, key.merchantId), eq(refunds.id, key.id)));
  return row ?? null;
}

/** Writes a refund request; null when the merchant already has one under this idempotency key. */
export async function insertRefund(db: Db, values: NewRefund): Promise<RefundRow | null> {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The merchant's payments among `ids` (the sources a request names). */
export function listPaymentsById(db: Db, key: { merchantId: string; ids: string[] }) {
  if (key.ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantId, key.merchantId), inArray(payments.id, key.ids)));
}

/**
 * Takes `amountCents` of principal and `feeCents` of fee from what is left of a paid payment. The UPDATE
 * locks the row, so a concurrent refund waits and then sees this one's counts; null when not that much is
 * left (or the payment is not paid). The table's checks refuse more than the payment even without the guard.
 */
export async function reserveRefund(
  db: Db,
  key: { merchantId: string; paymentId: string; amountCents: number; feeCents: number },
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({
      refundedCents: sql`${payments.refundedCents} + ${key.amountCents}`,
      feeRefundedCents: sql`${payments.feeRefundedCents} + ${key.feeCents}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payments.merchantId, key.merchantId),
        eq(payments.id, key.paymentId),
        eq(payments.status, 'paid'),
        sql`${payments.refundedCents} + ${key.amountCents} <= ${payments.amountCents}`,
        sql`${payments.feeRefundedCents} + ${key.feeCents} <= ${payments.feeCents}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives back what a refund that failed had reserved, so it can be refunded again. */
export async function releaseRefund(
  db: Db,
  key: { merchantId: string; paymentId: string; amountCents: number; feeCents: number },
): Promise<void> {
  await db
    .update(payments)
    .set({
      refundedCents: sql`${payments.refundedCents} - ${key.amountCents}`,
      feeRefundedCents: sql`${payments.feeRefundedCents} - ${key.feeCents}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.merchantId, key.merchantId), eq(payments.id, key.paymentId)));
}

export async function insertRefundRows(db: Db, values: NewPayment[]): Promise<PaymentRow[]> {
  return db.insert(payments).values(values).returning();
}

/** A refund request's source rows, in the order they were refunded. */
export function listRefundRows(db: Db, key: { merchantId: string; refundId: string }) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantId, key.merchantId), eq(payments.refundId, key.refundId)))
    .orderBy(asc(payments.refundPosition));
}

/** Who took or refunded each payment of a page, by user id ('' for none). */
export async function listUserNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, [row.firstName, row.lastName].filter(Boolean).join(' ')]));
}

export async function findUserName(db: Db, userId: string | null): Promise<string> {
  if (!userId) return '';
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? [row.firstName, row.lastName].filter(Boolean).join(' ') : '';
}
