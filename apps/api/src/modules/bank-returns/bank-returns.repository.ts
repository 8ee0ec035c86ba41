import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers, paymentReturns, payments } from '../../db/schema';
import { countWhere } from '../../kit/count';

// Every merchant-scoped query carries the merchant id; the re-presentment sweep alone reads across merchants
// and then writes each row by its own merchant and id.

export type PaymentReturnRow = typeof paymentReturns.$inferSelect;
export type NewPaymentReturn = typeof paymentReturns.$inferInsert;

/** Records a return once; null when the payment's return was already recorded (a repeat changes nothing). */
export async function insertPaymentReturn(
  db: Db,
  values: NewPaymentReturn,
): Promise<PaymentReturnRow | null> {
  const [row] = await db.insert(paymentReturns).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** What the rule came to once applied (autopay that was not on, a code without an account). */
export async function updateReturnDecision(
  db: Db,
  key: { merchantId: string; id: string },
  decision: Pick<NewPaymentReturn, 'action' | 'actionNote'>,
) {
  await db
    .update(paymentReturns)
    .set(decision)
    .where(and(eq(paymentReturns.merchantId, key.merchantId), eq(paymentReturns.id, key.id)));
}

/** The return whose re-presentment `paymentId` is: the chain it continues. */
export async function findReturnRepresentedBy(db: Db, key: { merchantId: string; paymentId: string }) {
  const [row] = await db
    .select()
    .from(paymentReturns)
    .where(
      and(
        eq(paymentReturns.merchantId, key.merchantId),
        eq(paymentReturns.representPaymentId, key.paymentId),
      ),
    );
  return row ?? null;
}

export async function findPaymentCreatedAt(db: Db, key: { merchantId: string; id: string }) {
  const [row] = await db
    .select({ createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.merchantId, key.merchantId), eq(payments.id, key.id)));
  return row?.createdAt ?? null;
}

/** What names a payment's failed action (failed-actions subjectKeyOf): the first payment of a chain. */
export async function findPaymentSubject(db: Db, key: { merchantId: string; id: string }) {
  const [row] = await db
    .select({ id: payments.id, channel: payments.channel, idempotencyKey: payments.idempotencyKey })
    .from(payments)
    .where(and(eq(payments.merchantId, key.merchantId), eq(payments.id, key.id)));
  return row ?? null;
}

/** Re-presentments due and not made (nor given up), oldest first, with the payment they re-present. */
export async function listDueRepresentments(db: Db, options: { now: Date; limit: number }) {
  return db
    .select({ ret: paymentReturns, payment: payments })
    .from(paymentReturns)
    .innerJoin(
      payments,
      and(eq(payments.merchantId, paymentReturns.merchantId), eq(payments.id, paymentReturns.paymentId)),
    )
    .where(
      and(
        lte(paymentReturns.representAt, options.now),
        isNull(paymentReturns.representPaymentId),
        isNull(paymentReturns.representFailure),
      ),
    )
    .orderBy(asc(paymentReturns.representAt))
    .limit(options.limit);
}

/** The re-presentment made (or why not), once: a second sweep's write finds it already set. */
export async function setRepresentOutcome(
  db: Db,
  key: { merchantId: string; id: string },
  outcome: { representPaymentId: string | null; representFailure: string | null },
) {
  await db
    .update(paymentReturns)
    .set(outcome)
    .where(
      and(
        eq(paymentReturns.merchantId, key.merchantId),
        eq(paymentReturns.id, key.id),
        isNull(paymentReturns.representPaymentId),
        isNull(paymentReturns.representFailure),
      ),
    );
}

/** Whether the account is the merchant's and the customer's (the account path of the customer page). */
export async function isCustomerAccount(
  db: Db,
  key: { merchantId: string; customerId: string; accountId: string },
) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.merchantId, key.merchantId),
        eq(accounts.customerId, key.customerId),
        eq(accounts.id, key.accountId),
      ),
    );
  return row !== undefined;
}

export type ReturnReportFilter = {
  merchantId: string;
  from: Date | null;
  before: Date | null;
  code: string | null;
  accountId?: string;
};

function reportWhere(filter: ReturnReportFilter): SQL | undefined {
  return and(
    eq(paymentReturns.merchantId, filter.merchantId),
    filter.from ? gte(paymentReturns.returnedAt, filter.from) : undefined,
    filter.before ? lt(paymentReturns.returnedAt, filter.before) : undefined,
    filter.code ? eq(paymentReturns.code, filter.code) : undefined,
    filter.accountId
      ? inArray(
          paymentReturns.paymentId,
          sql`(select ${payments.id} from ${payments} where ${payments.merchantId} = ${filter.merchantId} and ${payments.accountId} = ${filter.accountId})`,
        )
      : undefined,
  );
}

/** The /ach-return report: returns newest first, with the customer and account of the payment. */
export async function listReturns(
  db: Db,
  filter: ReturnReportFilter,
  page: { limit: number; offset: number },
) {
  const where = reportWhere(filter);
  const [rows, total] = await Promise.all([
    db
      .select({
        ret: paymentReturns,
        customerId: payments.customerId,
        accountId: payments.accountId,
        firstName: customers.firstName,
        lastName: customers.lastName,
        customerExternalId: customers.externalId,
        accountExternalId: accounts.externalId,
      })
      .from(paymentReturns)
      .innerJoin(
        payments,
        and(eq(payments.merchantId, paymentReturns.merchantId), eq(payments.id, paymentReturns.paymentId)),
      )
      .leftJoin(
        customers,
        and(eq(customers.merchantId, payments.merchantId), eq(customers.id, payments.customerId)),
      )
      .leftJoin(
        accounts,
        and(eq(accounts.merchantId, payments.merchantId), eq(accounts.id, payments.accountId)),
      )
      .where(where)
      .orderBy(desc(paymentReturns.returnedAt), desc(paymentReturns.id))
      .limit(page.limit)
      .offset(page.offset),
    countWhere(db, paymentReturns, where),
  ]);
  return { rows, total };
}
export type ReturnReportRow = Awaited<ReturnType<typeof listReturns>>['rows'][number];

/**
 * The gauge's figures: the merchant's bank debits made since `since` (sent to the bank: processing, paid or
 * returned; refund rows are not debits) and, of those, how many came back with each code.
 */
export async function countDebitsAndReturns(db: Db, key: { merchantId: string; since: Date }) {
  const debitWhere = and(
    eq(payments.merchantId, key.merchantId),
    eq(payments.methodKind, 'bank'),
    inArray(payments.kind, ['account', 'misc']),
    inArray(payments.status, ['processing', 'paid', 'returned']),
    gte(payments.createdAt, key.since),
  );
  const [debits, returns] = await Promise.all([
    countWhere(db, payments, debitWhere),
    db
      .select({ code: paymentReturns.code, count: sql<number>`count(*)::int` })
      .from(paymentReturns)
      .innerJoin(
        payments,
        and(eq(payments.merchantId, paymentReturns.merchantId), eq(payments.id, paymentReturns.paymentId)),
      )
      .where(debitWhere)
      .groupBy(paymentReturns.code),
  ]);
  return { debits, returns };
}
