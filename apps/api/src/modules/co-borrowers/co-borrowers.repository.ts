import { and, asc, eq, exists, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCoBorrowers, accounts, customers } from '../../db/schema';

// Every query carries the merchant id: a customer or account of another merchant is as unknown as a
// missing one (docs/conventions.md §5).

const customerColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  externalId: customers.externalId,
  smsPhoneNumber: customers.smsPhoneNumber,
};
export type CoBorrowerCustomerRow = {
  id: string;
  firstName: string;
  lastName: string;
  externalId: string | null;
  smsPhoneNumber: string | null;
};
export type LinkCustomerRow = CoBorrowerCustomerRow & { voidedAt: Date | null };
export type LinkAccountRow = { id: string; customerId: string; externalId: string | null };

/** The merchant's customer; `lock` holds it (FOR SHARE) so it cannot be voided while a link is written. */
export async function findLinkCustomer(
  db: Db,
  { merchantId, id, lock = false }: { merchantId: string; id: string; lock?: boolean },
): Promise<LinkCustomerRow | null> {
  const query = db
    .select({ ...customerColumns, voidedAt: customers.voidedAt })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('share') : await query;
  return row ?? null;
}

/**
 * The account, when the customer holds it (accounts.customer_id) or, with `orCoBorrowed`, co-borrows it;
 * always within the merchant.
 */
export async function findCustomerAccount(
  db: Db,
  query: { merchantId: string; customerId: string; accountId: string; orCoBorrowed: boolean },
): Promise<LinkAccountRow | null> {
  const { merchantId, customerId, accountId } = query;
  const coBorrowed = db
    .select({ one: accountCoBorrowers.accountId })
    .from(accountCoBorrowers)
    .where(
      and(
        eq(accountCoBorrowers.merchantId, merchantId),
        eq(accountCoBorrowers.accountId, accounts.id),
        eq(accountCoBorrowers.customerId, customerId),
      ),
    );
  const holds = eq(accounts.customerId, customerId);
  const [row] = await db
    .select({ id: accounts.id, customerId: accounts.customerId, externalId: accounts.externalId })
    .from(accounts)
    .where(
      and(
        eq(accounts.merchantId, merchantId),
        eq(accounts.id, accountId),
        query.orCoBorrowed ? or(holds, exists(coBorrowed)) : holds,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The account's co-borrowers in the order they were linked. */
export function listCoBorrowers(
  db: Db,
  { merchantId, accountId }: { merchantId: string; accountId: string },
): Promise<CoBorrowerCustomerRow[]> {
  return db
    .select(customerColumns)
    .from(accountCoBorrowers)
    .innerJoin(customers, eq(customers.id, accountCoBorrowers.customerId))
    .where(and(eq(accountCoBorrowers.merchantId, merchantId), eq(accountCoBorrowers.accountId, accountId)))
    .orderBy(asc(accountCoBorrowers.createdAt), asc(customers.lastName), asc(customers.id));
}

/** Links a co-borrower; a second link of the same pair fails on the primary key (23505). */
export async function insertCoBorrowerLink(
  db: Db,
  link: { merchantId: string; accountId: string; customerId: string; at: Date },
): Promise<void> {
  await db.insert(accountCoBorrowers).values({
    merchantId: link.merchantId,
    accountId: link.accountId,
    customerId: link.customerId,
    createdAt: link.at,
  });
}

/** Removes the link; false when there was none. */
export async function deleteCoBorrowerLink(
  db: Db,
  link: { merchantId: string; accountId: string; customerId: string },
): Promise<boolean> {
  const rows = await db
    .delete(accountCoBorrowers)
    .where(
      and(
        eq(accountCoBorrowers.merchantId, link.merchantId),
        eq(accountCoBorrowers.accountId, link.accountId),
        eq(accountCoBorrowers.customerId, link.customerId),
      ),
    )
    .returning({ customerId: accountCoBorrowers.customerId });
  return rows.length > 0;
}
