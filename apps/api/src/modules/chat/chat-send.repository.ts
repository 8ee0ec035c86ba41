import { and, eq, exists, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCoBorrowers, accounts, customers, messages } from '../../db/schema';

/**
 * The customer a chat send is for, when the account is the merchant's and the customer holds or co-borrows
 * it; null otherwise (the send answers 404).
 */
export async function findChatRecipient(
  db: Db,
  query: { merchantId: string; accountId: string; customerId: string },
) {
  const { merchantId, accountId, customerId } = query;
  const coBorrowed = db
    .select({ one: accountCoBorrowers.accountId })
    .from(accountCoBorrowers)
    .where(
      and(
        eq(accountCoBorrowers.merchantId, merchantId),
        eq(accountCoBorrowers.accountId, accounts.id),
        eq(accountCoBorrowers.customerId, customers.id),
      ),
    );
  const [row] = await db
    .select({
      id: customers.id,
      smsPhoneNumber: customers.smsPhoneNumber,
      smsOptedOutAt: customers.smsOptedOutAt,
      language: customers.language,
    })
    .from(accounts)
    .innerJoin(customers, and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)))
    .where(
      and(
        eq(accounts.merchantId, merchantId),
        eq(accounts.id, accountId),
        or(eq(accounts.customerId, customers.id), exists(coBorrowed)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The message a chat send with this Idempotency-Key wrote, if any. */
export async function findMessageByIdempotencyKey(
  db: Db,
  merchantId: string,
  key: string,
): Promise<{ id: string; customerId: string } | null> {
  const [row] = await db
    .select({ id: messages.id, customerId: messages.customerId })
    .from(messages)
    .where(and(eq(messages.merchantId, merchantId), eq(messages.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** Whether the account is the merchant's. */
export async function isMerchantAccount(db: Db, merchantId: string, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.merchantId, merchantId), eq(accounts.id, accountId)))
    .limit(1);
  return row !== undefined;
}
