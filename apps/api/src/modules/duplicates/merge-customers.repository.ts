import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCoBorrowers, accounts, customerNotes, customers, paymentMethods } from '../../db/schema';

export type CustomerRow = typeof customers.$inferSelect;
/** The survivor's columns a merge may fill. */
export type CustomerFill = Partial<
  Pick<
    typeof customers.$inferInsert,
    | 'email'
    | 'smsPhoneNumber'
    | 'externalId'
    | 'addressLine1'
    | 'addressLine2'
    | 'city'
    | 'state'
    | 'postalCode'
    | 'dateOfBirth'
    | 'smsOptedOutAt'
    | 'emailOptedOutAt'
  >
>;
type Pair = { merchantId: string; survivorId: string; mergedId: string };

const customersOf = (merchantId: string, ids: string[]) =>
  and(eq(customers.merchantId, merchantId), inArray(customers.id, ids));

/** The merchant's customers among `ids` (another merchant's are simply absent). */
export function findCustomers(db: Db, merchantId: string, ids: string[]): Promise<CustomerRow[]> {
  return db.select().from(customers).where(customersOf(merchantId, ids));
}

/**
 * Locks the customers for the rest of the transaction, in id order, so two merges naming the same pair in
 * opposite roles wait for each other instead of deadlocking; the rows are read after the lock is granted.
 */
export function lockCustomers(db: Db, merchantId: string, ids: string[]): Promise<CustomerRow[]> {
  return db
    .select()
    .from(customers)
    .where(customersOf(merchantId, ids))
    .orderBy(asc(customers.id))
    .for('update');
}

/** Accounts of the merchant held (as primary borrower) by the survivor or the merged customer. */
const accountIdsWhere = (merchantId: string, condition: SQL | undefined) =>
  sql`(select ${accounts.id} from ${accounts} where ${accounts.merchantId} = ${merchantId} and ${condition})`;
const heldByEither = ({ merchantId, survivorId, mergedId }: Pair) =>
  accountIdsWhere(merchantId, inArray(accounts.customerId, [survivorId, mergedId]));
const heldBy = (merchantId: string, customerId: string) =>
  accountIdsWhere(merchantId, eq(accounts.customerId, customerId));
const coBorrowedBy = (merchantId: string, customerId: string) =>
  sql`(select s.account_id from ${accountCoBorrowers} s where s.merchant_id = ${merchantId} and s.customer_id = ${customerId})`;

/** The merged customer's links that cannot move: the survivor already co-borrows or holds the account. */
const mergedLinksToDrop = (pair: Pair) =>
  and(
    eq(accountCoBorrowers.merchantId, pair.merchantId),
    eq(accountCoBorrowers.customerId, pair.mergedId),
    or(
      sql`${accountCoBorrowers.accountId} in ${heldByEither(pair)}`,
      sql`${accountCoBorrowers.accountId} in ${coBorrowedBy(pair.merchantId, pair.survivorId)}`,
    ),
  );
/** The survivor's links on accounts it is about to hold itself. */
const survivorLinksToDrop = (pair: Pair) =>
  and(
    eq(accountCoBorrowers.merchantId, pair.merchantId),
    eq(accountCoBorrowers.customerId, pair.survivorId),
    sql`${accountCoBorrowers.accountId} in ${heldBy(pair.merchantId, pair.mergedId)}`,
  );

const total = async (query: Promise<{ total: number }[]>) => (await query)[0]?.total ?? 0;

/** What a merge of this pair would move, counted without changing anything (the preview). */
export async function countCustomerMoves(db: Db, pair: Pair) {
  const { merchantId, mergedId } = pair;
  const ofMerged = <T extends typeof accounts | typeof customerNotes | typeof paymentMethods>(table: T) =>
    and(eq(table.merchantId, merchantId), eq(table.customerId, mergedId));
  const linksOfMerged = and(
    eq(accountCoBorrowers.merchantId, merchantId),
    eq(accountCoBorrowers.customerId, mergedId),
  );
  const [accountCount, noteCount, methodCount, linkCount, mergedDrops, survivorDrops] = await Promise.all([
    total(db.select({ total: count() }).from(accounts).where(ofMerged(accounts))),
    total(db.select({ total: count() }).from(customerNotes).where(ofMerged(customerNotes))),
    total(
      db
        .select({ total: count() })
        .from(paymentMethods)
        .where(and(ofMerged(paymentMethods), isNull(paymentMethods.removedAt))),
    ),
    total(db.select({ total: count() }).from(accountCoBorrowers).where(linksOfMerged)),
    total(db.select({ total: count() }).from(accountCoBorrowers).where(mergedLinksToDrop(pair))),
    total(db.select({ total: count() }).from(accountCoBorrowers).where(survivorLinksToDrop(pair))),
  ]);
  return {
    accounts: accountCount,
    coBorrowedAccounts: linkCount - mergedDrops,
    coBorrowerLinksDropped: mergedDrops + survivorDrops,
    notes: noteCount,
    paymentMethods: methodCount,
  };
}

/**
 * Moves everything the merged customer holds to the survivor: co-borrower links first (dropping those that
 * would duplicate a link or make the survivor co-borrow an account it holds), then accounts, notes and
 * payment methods. Pass the transaction's handle.
 */
export async function moveCustomerRecords(db: Db, pair: Pair & { at: Date }) {
  const { merchantId, survivorId, mergedId, at } = pair;
  const droppedMerged = await db
    .delete(accountCoBorrowers)
    .where(mergedLinksToDrop(pair))
    .returning({ accountId: accountCoBorrowers.accountId });
  const droppedSurvivor = await db
    .delete(accountCoBorrowers)
    .where(survivorLinksToDrop(pair))
    .returning({ accountId: accountCoBorrowers.accountId });
  const links = await db
    .update(accountCoBorrowers)
    .set({ customerId: survivorId })
    .where(and(eq(accountCoBorrowers.merchantId, merchantId), eq(accountCoBorrowers.customerId, mergedId)))
    .returning({ accountId: accountCoBorrowers.accountId });
  const movedAccounts = await db
    .update(accounts)
    .set({ customerId: survivorId, updatedAt: at })
    .where(and(eq(accounts.merchantId, merchantId), eq(accounts.customerId, mergedId)))
    .returning({ id: accounts.id });
  const notes = await db
    .update(customerNotes)
    .set({ customerId: survivorId })
    .where(and(eq(customerNotes.merchantId, merchantId), eq(customerNotes.customerId, mergedId)))
    .returning({ id: customerNotes.id });
  // Removed payment methods move too (they are the survivor's history now) but are not counted.
  const methods = await db
    .update(paymentMethods)
    .set({ customerId: survivorId })
    .where(and(eq(paymentMethods.merchantId, merchantId), eq(paymentMethods.customerId, mergedId)))
    .returning({ id: paymentMethods.id, removedAt: paymentMethods.removedAt });
  return {
    accountIds: movedAccounts.map((row) => row.id),
    coBorrowedAccountIds: links.map((row) => row.accountId),
    droppedLinkAccountIds: [...droppedMerged, ...droppedSurvivor].map((row) => row.accountId),
    noteCount: notes.length,
    paymentMethodCount: methods.filter((row) => row.removedAt === null).length,
  };
}

/** Voids the merged customer and points it at the survivor; its external id is freed when it moves. */
export async function voidMergedCustomer(
  db: Db,
  input: Pair & { at: Date; freeExternalId: boolean },
): Promise<CustomerRow> {
  const [row] = await db
    .update(customers)
    .set({
      voidedAt: input.at,
      mergedIntoId: input.survivorId,
      updatedAt: input.at,
      ...(input.freeExternalId ? { externalId: null } : {}),
    })
    .where(customersOf(input.merchantId, [input.mergedId]))
    .returning();
  if (!row) throw new Error('merged customer vanished inside its lock');
  return row;
}

export async function fillCustomer(
  db: Db,
  input: { merchantId: string; id: string; data: CustomerFill; at: Date },
): Promise<CustomerRow> {
  const [row] = await db
    .update(customers)
    .set({ ...input.data, updatedAt: input.at })
    .where(customersOf(input.merchantId, [input.id]))
    .returning();
  if (!row) throw new Error('survivor vanished inside its lock');
  return row;
}
