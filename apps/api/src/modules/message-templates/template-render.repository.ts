import { and, asc, eq, exists, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCoBorrowers, accounts, customers, locations, paymentMethods } from '../../db/schema';

// What a template preview for a real customer reads (docs/product.md §7 render): the customer, one account and the
// first saved payment method, each scoped to the merchant.

export async function findRenderCustomer(db: Db, { merchantId, id }: { merchantId: string; id: string }) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      language: customers.language,
      locationName: locations.name,
    })
    .from(customers)
    .leftJoin(locations, eq(locations.id, customers.locationId))
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)))
    .limit(1);
  return row ?? null;
}

const accountColumns = {
  id: accounts.id,
  externalId: accounts.externalId,
  dueDate: accounts.dueDate,
  amountDueCents: accounts.amountDueCents,
  status: accounts.status,
  mergedIntoId: accounts.mergedIntoId,
  cadence: accounts.cadence,
  vehicleYear: accounts.vehicleYear,
  vehicleMake: accounts.vehicleMake,
  vehicleModel: accounts.vehicleModel,
  locationName: locations.name,
};

/**
 * The account to render with: `accountId` when the customer holds or co-borrows it, else (no id) the
 * customer's first active account, else their first account of any status; null when there is none.
 */
export async function findRenderAccount(
  db: Db,
  input: { merchantId: string; customerId: string; accountId: string | null },
) {
  const { merchantId, customerId, accountId } = input;
  const base = db
    .select(accountColumns)
    .from(accounts)
    .leftJoin(locations, eq(locations.id, accounts.locationId));
  if (accountId !== null) {
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
    const [row] = await base
      .where(
        and(
          eq(accounts.merchantId, merchantId),
          eq(accounts.id, accountId),
          or(eq(accounts.customerId, customerId), exists(coBorrowed)),
        ),
      )
      .limit(1);
    return row ?? null;
  }
  const [row] = await base
    .where(and(eq(accounts.merchantId, merchantId), eq(accounts.customerId, customerId)))
    .orderBy(sql`${accounts.status} <> 'active'`, asc(accounts.createdAt), asc(accounts.id))
    .limit(1);
  return row ?? null;
}

/** The customer's first saved (not removed) payment method. */
export async function findFirstPaymentMethod(
  db: Db,
  { merchantId, customerId }: { merchantId: string; customerId: string },
) {
  const [row] = await db
    .select({
      nickname: paymentMethods.nickname,
      maskedCardNumber: paymentMethods.maskedCardNumber,
      maskedAccountNumber: paymentMethods.maskedAccountNumber,
    })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.merchantId, merchantId),
        eq(paymentMethods.customerId, customerId),
        isNull(paymentMethods.removedAt),
      ),
    )
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id))
    .limit(1);
  return row ?? null;
}
