import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  accounts,
  customers,
  customRoles,
  ledgerEntries,
  memberships,
  merchantAccounts,
  merchants,
  paymentMethods,
  payments,
  users,
  type PaymentStatus,
} from '../../db/schema';
import { countWhere } from '../../kit/count';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** The account a payment is for, with what decides whether and how it can be paid. */
export async function findPayableAccount(
  db: Db,
  key: { merchantId: string; customerId: string; accountId: string },
) {
  const [row] = await db
    .select({
      id: accounts.id,
      status: accounts.status,
      amountDueCents: accounts.amountDueCents,
      locationId: accounts.locationId,
      mergedIntoId: accounts.mergedIntoId,
      merchantMinCents: merchants.minPaymentAmountCents,
      merchantMaxCents: merchants.maxPaymentAmountCents,
    })
    .from(accounts)
    .innerJoin(merchants, eq(merchants.id, accounts.merchantId))
    .where(
      and(
        eq(accounts.merchantId, key.merchantId),
        eq(accounts.customerId, key.customerId),
        eq(accounts.id, key.accountId),
      ),
    );
  return row ?? null;
}

/** A live customer who may pay without an account (a misc payment), with the merchant's payment limits. */
export async function findPayingCustomer(db: Db, key: { merchantId: string; customerId: string }) {
  const [row] = await db
    .select({
      id: customers.id,
      merchantMinCents: merchants.minPaymentAmountCents,
      merchantMaxCents: merchants.maxPaymentAmountCents,
    })
    .from(customers)
    .innerJoin(merchants, eq(merchants.id, customers.merchantId))
    .where(
      and(
        eq(customers.merchantId, key.merchantId),
        eq(customers.id, key.customerId),
        isNull(customers.voidedAt),
      ),
    );
  return row ?? null;
}

const refundedPayments = alias(payments, 'refunded_payment');

/**
 * A merchant's misc payments and the refunds given back on them (a REFUND row each, beside its payment, as an
 * account's payments list them), newest first, optionally of one customer, with whose they are and who took or
 * refunded them.
 */
export async function listMiscPayments(
  db: Db,
  key: { merchantId: string; customerId: string | null; limit: number; offset: number },
) {
  const miscPaymentIds = db
    .select({ id: refundedPayments.id })
    .from(refundedPayments)
    .where(and(eq(refundedPayments.merchantId, key.merchantId), eq(refundedPayments.kind, 'misc')));
  const where = and(
    eq(payments.merchantId, key.merchantId),
    or(
      eq(payments.kind, 'misc'),
      and(eq(payments.kind, 'refund'), inArray(payments.refundOfPaymentId, miscPaymentIds)),
    ),
    key.customerId ? eq(payments.customerId, key.customerId) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        payment: payments,
        customerFirstName: customers.firstName,
        customerLastName: customers.lastName,
        customerExternalId: customers.externalId,
        takerFirstName: users.firstName,
        takerLastName: users.lastName,
      })
      .from(payments)
      .leftJoin(
        customers,
        and(eq(customers.merchantId, payments.merchantId), eq(customers.id, payments.customerId)),
      )
      .leftJoin(users, eq(users.id, payments.createdByUserId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(key.limit)
      .offset(key.offset),
    countWhere(db, payments, where),
  ]);
  return { rows, total };
}
export type MiscPaymentListRow = Awaited<ReturnType<typeof listMiscPayments>>['rows'][number];

/**
 * The processing account a payment goes through: the active one of the account's location, else the
 * merchant's first active one (by name).
 */
export async function findProcessingAccount(db: Db, merchantId: string, locationId: string | null) {
  const [row] = await db
    .select()
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.merchantId, merchantId), eq(merchantAccounts.status, 'active')))
    .orderBy(
      locationId ? sql`(${merchantAccounts.locationId} = ${locationId}) desc` : sql`1`,
      asc(merchantAccounts.name),
    )
    .limit(1);
  return row ?? null;
}

export async function findSavedMethod(db: Db, key: { merchantId: string; customerId: string; id: string }) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.merchantId, key.merchantId),
        eq(paymentMethods.customerId, key.customerId),
        eq(paymentMethods.id, key.id),
        isNull(paymentMethods.removedAt),
      ),
    );
  return row ?? null;
}

/** The payment limits of the caller's custom role in the merchant, if one is assigned. */
export async function findRoleLimits(db: Db, key: { merchantId: string; userId: string }) {
  const [row] = await db
    .select({ minCents: customRoles.minPaymentAmountCents, maxCents: customRoles.maxPaymentAmountCents })
    .from(memberships)
    .innerJoin(
      customRoles,
      and(eq(customRoles.merchantId, memberships.merchantId), eq(customRoles.id, memberships.customRoleId)),
    )
    .where(and(eq(memberships.merchantId, key.merchantId), eq(memberships.userId, key.userId)));
  return row ?? null;
}

/** Writes a new payment; null when the merchant already has one under this idempotency key. */
export async function insertPayment(db: Db, values: NewPayment): Promise<PaymentRow | null> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findPayment(db: Db, key: { merchantId: string; id: string }) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantId, key.merchantId), eq(payments.id, key.id)));
  return row ?? null;
}

export async function findPaymentByKey(db: Db, key: { merchantId: string; idempotencyKey: string }) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantId, key.merchantId), eq(payments.idempotencyKey, key.idempotencyKey)));
  return row ?? null;
}

/**
 * Moves a payment on from one of the `from` statuses; null when it had already moved (another request or a
 * webhook got there first), so each outcome is recorded once and statuses only go forward.
 */
export async function advancePayment(
  db: Db,
  key: { merchantId: string; id: string; from: PaymentStatus[] },
  set: Partial<NewPayment>,
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.merchantId, key.merchantId),
        eq(payments.id, key.id),
        inArray(payments.status, key.from),
      ),
    )
    .returning();
  return row ?? null;
}

/** Posts entries to the ledger; an entry the payment already has (its principal, fee or return) is skipped. */
export async function postLedgerEntries(db: Db, entries: NewLedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(ledgerEntries).values(entries).onConflictDoNothing();
}

export function listAccountPayments(
  db: Db,
  key: { merchantId: string; accountId: string; limit: number; offset: number },
) {
  return pageOfPayments(
    db,
    and(eq(payments.merchantId, key.merchantId), eq(payments.accountId, key.accountId)),
    key,
  );
}

/** Payments newest first, a page of them and how many match. */
async function pageOfPayments(db: Db, where: SQL | undefined, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    countWhere(db, payments, where),
  ]);
  return { rows, total };
}

export async function ledgerOfPayment(db: Db, key: { merchantId: string; paymentId: string }) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.merchantId, key.merchantId), eq(ledgerEntries.paymentId, key.paymentId)))
    .orderBy(asc(ledgerEntries.id));
}

/**
 * Payments still waiting for the processor's word, across merchants (a system sweep; each is then written by
 * its own merchant and id): every processing one, and pending ones older than `pendingBefore`, so a request
 * still in flight finishes by itself. Oldest first.
 */
export async function listOpenPayments(db: Db, options: { pendingBefore: Date; limit: number }) {
  return db
    .select()
    .from(payments)
    .where(
      or(
        eq(payments.status, 'processing'),
        and(eq(payments.status, 'pending'), lt(payments.createdAt, options.pendingBefore)),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(options.limit);
}
