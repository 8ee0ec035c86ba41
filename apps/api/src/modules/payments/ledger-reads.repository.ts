import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, payments } from '../../db/schema';

// What other modules read of an account's ledger (through payment-lookups.service.ts): the principal posted
// on it in a span, and whether a payment on it still waits for the processor.

/** Principal ledger kinds: payments in, refunds, returns and moves (adjustments) out or in; fees are not. */
const PRINCIPAL_KINDS = ['payment', 'refund', 'return', 'adjustment'] as const;

export async function sumPrincipalPosted(
  db: Db,
  key: { merchantId: string; accountId: string; from: Date; before: Date },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.merchantId, key.merchantId),
        eq(ledgerEntries.accountId, key.accountId),
        inArray(ledgerEntries.kind, [...PRINCIPAL_KINDS]),
        gte(ledgerEntries.occurredAt, key.from),
        lt(ledgerEntries.occurredAt, key.before),
      ),
    );
  return row?.total ?? 0;
}

export async function hasWaitingPayment(
  db: Db,
  key: { merchantId: string; accountId: string; before: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, key.merchantId),
        eq(payments.accountId, key.accountId),
        inArray(payments.status, ['pending', 'processing']),
        lt(payments.createdAt, key.before),
      ),
    )
    .limit(1);
  return row !== undefined;
}
