import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers, ledgerEntries, merchants, messages, payments } from '../../db/schema';

// What a receipt reads: the payment with its merchant, customer and account, and the refunds the ledger holds
// for it. Every query names the merchant.

/** The payment and what its receipt prints about the merchant, the customer and the account. */
export async function findReceiptFacts(db: Db, key: { merchantId: string; paymentId: string }) {
  const [row] = await db
    .select({
      payment: payments,
      merchant: {
        name: merchants.name,
        logoPath: merchants.logoPath,
        phone: merchants.phone,
        timeZone: merchants.timeZone,
      },
      customer: { firstName: customers.firstName, lastName: customers.lastName },
      accountNumber: accounts.externalId,
    })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .leftJoin(
      customers,
      and(eq(customers.merchantId, payments.merchantId), eq(customers.id, payments.customerId)),
    )
    .leftJoin(
      accounts,
      and(eq(accounts.merchantId, payments.merchantId), eq(accounts.id, payments.accountId)),
    )
    .where(and(eq(payments.merchantId, key.merchantId), eq(payments.id, key.paymentId)));
  return row ?? null;
}
export type ReceiptFacts = NonNullable<Awaited<ReturnType<typeof findReceiptFacts>>>;

/**
 * The payment's refunds as the ledger holds them: 'refund' (principal) and 'fee_refund' (convenience fee)
 * entries naming the payment, oldest first. Money out is negative in the ledger.
 */
export function listRefundEntries(db: Db, key: { merchantId: string; paymentId: string }) {
  return db
    .select({
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      occurredAt: ledgerEntries.occurredAt,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.merchantId, key.merchantId),
        eq(ledgerEntries.paymentId, key.paymentId),
        inArray(ledgerEntries.kind, ['refund', 'fee_refund']),
      ),
    )
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.id));
}

/** Where a receipt can go: the customer's email and texting number, and whether they opted out of either. */
export async function findReceiptRecipient(db: Db, key: { merchantId: string; customerId: string }) {
  const [row] = await db
    .select({
      email: customers.email,
      smsPhoneNumber: customers.smsPhoneNumber,
      smsOptedOutAt: customers.smsOptedOutAt,
      emailOptedOutAt: customers.emailOptedOutAt,
      voidedAt: customers.voidedAt,
      language: customers.language,
    })
    .from(customers)
    .where(and(eq(customers.merchantId, key.merchantId), eq(customers.id, key.customerId)));
  return row ?? null;
}

/** The receipt message queued under a key, if any: a repeated request answers it and sends nothing. */
export async function findReceiptMessage(db: Db, key: { merchantId: string; idempotencyKey: string }) {
  const [row] = await db
    .select({ id: messages.id, toAddress: messages.toAddress })
    .from(messages)
    .where(and(eq(messages.merchantId, key.merchantId), eq(messages.idempotencyKey, key.idempotencyKey)))
    .limit(1);
  return row ?? null;
}
