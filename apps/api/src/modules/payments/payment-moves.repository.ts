import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers, ledgerEntries, paymentMoves, payments } from '../../db/schema';

// Moving a payment between accounts (move-payment.service.ts). Every query names the merchant; the locks are
// taken in one order (the payment, then the accounts by id) so two moves crossing the same accounts wait for
// each other instead of deadlocking in the ledger trigger's updates.

export type PaymentMoveRow = typeof paymentMoves.$inferSelect;

/** The payment, locked until the transaction ends: one move of it at a time. */
export async function lockPayment(db: Db, key: { merchantId: string; id: string }) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantId, key.merchantId), eq(payments.id, key.id)))
    .for('update');
  return row ?? null;
}

/** The merchant's accounts among `ids`, with their holders, locked in id order. */
export async function lockMoveAccounts(db: Db, key: { merchantId: string; ids: string[] }) {
  return db
    .select({
      id: accounts.id,
      externalId: accounts.externalId,
      status: accounts.status,
      mergedIntoId: accounts.mergedIntoId,
      amountDueCents: accounts.amountDueCents,
      customerId: accounts.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
      voidedAt: customers.voidedAt,
    })
    .from(accounts)
    .innerJoin(
      customers,
      and(eq(customers.merchantId, accounts.merchantId), eq(customers.id, accounts.customerId)),
    )
    .where(and(eq(accounts.merchantId, key.merchantId), inArray(accounts.id, key.ids)))
    .orderBy(asc(accounts.id))
    .for('update', { of: accounts });
}
export type MoveAccount = Awaited<ReturnType<typeof lockMoveAccounts>>[number];

/**
 * What the payment's entries on an account take off its amount due now: its principal, less refunds, returns
 * and earlier moves away (the entries the ledger trigger counts; fees never move an amount due).
 */
export async function principalOnAccount(
  db: Db,
  key: { merchantId: string; paymentId: string; accountId: string },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.merchantId, key.merchantId),
        eq(ledgerEntries.paymentId, key.paymentId),
        eq(ledgerEntries.accountId, key.accountId),
        inArray(ledgerEntries.kind, ['payment', 'refund', 'return', 'adjustment']),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Whether a refund of the payment is still waiting for the processor (reserved, its ledger entries to come). */
export async function hasOpenRefund(db: Db, key: { merchantId: string; paymentId: string }) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, key.merchantId),
        eq(payments.refundOfPaymentId, key.paymentId),
        inArray(payments.status, ['pending', 'processing']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertPaymentMove(db: Db, values: typeof paymentMoves.$inferInsert) {
  const [row] = await db.insert(paymentMoves).values(values).returning();
  if (!row) throw new Error('payment move not stored');
  return row;
}

export async function findPaymentMoveByKey(db: Db, key: { merchantId: string; idempotencyKey: string }) {
  const [row] = await db
    .select()
    .from(paymentMoves)
    .where(
      and(eq(paymentMoves.merchantId, key.merchantId), eq(paymentMoves.idempotencyKey, key.idempotencyKey)),
    );
  return row ?? null;
}

/** The payment's most recent move, if it was ever moved. */
export async function findLatestPaymentMove(db: Db, key: { merchantId: string; paymentId: string }) {
  const [row] = await db
    .select()
    .from(paymentMoves)
    .where(and(eq(paymentMoves.merchantId, key.merchantId), eq(paymentMoves.paymentId, key.paymentId)))
    .orderBy(desc(paymentMoves.movedAt), desc(paymentMoves.id))
    .limit(1);
  return row ?? null;
}

/** The two accounts of a move as they stand now, with their holders (the answer's read, unlocked). */
export function findMoveAccounts(db: Db, key: { merchantId: string; ids: string[] }) {
  return db
    .select({
      id: accounts.id,
      externalId: accounts.externalId,
      amountDueCents: accounts.amountDueCents,
      customerId: accounts.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(accounts)
    .innerJoin(
      customers,
      and(eq(customers.merchantId, accounts.merchantId), eq(customers.id, accounts.customerId)),
    )
    .where(and(eq(accounts.merchantId, key.merchantId), inArray(accounts.id, key.ids)));
}
