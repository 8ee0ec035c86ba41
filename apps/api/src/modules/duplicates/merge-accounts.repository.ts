import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCoBorrowers, accountTagLinks, accounts, customerNotes, customers } from '../../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type OwnerRow = typeof customers.$inferSelect;
/** The survivor's columns a merge may fill. */
export type AccountFill = Partial<
  Pick<typeof accounts.$inferInsert, 'externalId' | 'vehicleYear' | 'vehicleMake' | 'vehicleModel'>
>;
type Pair = { merchantId: string; survivorId: string; mergedId: string };

const accountsOf = (merchantId: string, ids: string[]) =>
  and(eq(accounts.merchantId, merchantId), inArray(accounts.id, ids));

/** The merchant's accounts among `ids` with their primary borrowers (another merchant's are absent). */
export function findAccounts(db: Db, merchantId: string, ids: string[]) {
  return db
    .select({ account: accounts, owner: customers })
    .from(accounts)
    .innerJoin(customers, eq(customers.id, accounts.customerId))
    .where(accountsOf(merchantId, ids));
}

/**
 * Locks the accounts for the rest of the transaction in id order (two merges of the same pair in opposite
 * roles wait instead of deadlocking), then reads them with their owners as they are once locked.
 */
export async function lockAccounts(db: Db, merchantId: string, ids: string[]) {
  await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(accountsOf(merchantId, ids))
    .orderBy(asc(accounts.id))
    .for('update');
  return findAccounts(db, merchantId, ids);
}

/** Tags of the merged account the survivor does not carry yet. */
const newTags = ({ merchantId, survivorId, mergedId }: Pair) =>
  and(
    eq(accountTagLinks.merchantId, merchantId),
    eq(accountTagLinks.accountId, mergedId),
    sql`${accountTagLinks.tagId} not in (select s.tag_id from ${accountTagLinks} s where s.account_id = ${survivorId})`,
  );
/** Co-borrowers of the merged account who are neither on the survivor already nor its primary borrower. */
const newCoBorrowers = ({ merchantId, survivorId, mergedId }: Pair, survivorOwnerId: string) =>
  and(
    eq(accountCoBorrowers.merchantId, merchantId),
    eq(accountCoBorrowers.accountId, mergedId),
    ne(accountCoBorrowers.customerId, survivorOwnerId),
    sql`${accountCoBorrowers.customerId} not in (select s.customer_id from ${accountCoBorrowers} s where s.account_id = ${survivorId})`,
  );
const notesOf = (merchantId: string, accountId: string) =>
  and(eq(customerNotes.merchantId, merchantId), eq(customerNotes.accountId, accountId));

const total = async (query: Promise<{ total: number }[]>) => (await query)[0]?.total ?? 0;

/** What a merge of this pair would move, counted without changing anything (the preview). */
export async function countAccountMoves(db: Db, pair: Pair, survivorOwnerId: string) {
  const [tags, coBorrowers, notes] = await Promise.all([
    total(db.select({ total: count() }).from(accountTagLinks).where(newTags(pair))),
    total(
      db.select({ total: count() }).from(accountCoBorrowers).where(newCoBorrowers(pair, survivorOwnerId)),
    ),
    total(db.select({ total: count() }).from(customerNotes).where(notesOf(pair.merchantId, pair.mergedId))),
  ]);
  return { tags, coBorrowers, notes };
}

/**
 * Copies the merged account's new tags and co-borrowers onto the survivor, takes them all off the merged
 * account, and points its notes at the survivor. Pass the transaction's handle.
 */
export async function moveAccountRecords(db: Db, pair: Pair & { survivorOwnerId: string }) {
  const { merchantId, survivorId, mergedId } = pair;
  const tags = await db
    .insert(accountTagLinks)
    .select(
      db
        .select({
          merchantId: accountTagLinks.merchantId,
          accountId: sql<string>`${survivorId}::uuid`.as('account_id'),
          tagId: accountTagLinks.tagId,
          createdAt: accountTagLinks.createdAt,
        })
        .from(accountTagLinks)
        .where(newTags(pair)),
    )
    .returning({ tagId: accountTagLinks.tagId });
  const coBorrowers = await db
    .insert(accountCoBorrowers)
    .select(
      db
        .select({
          merchantId: accountCoBorrowers.merchantId,
          accountId: sql<string>`${survivorId}::uuid`.as('account_id'),
          customerId: accountCoBorrowers.customerId,
          createdAt: accountCoBorrowers.createdAt,
        })
        .from(accountCoBorrowers)
        .where(newCoBorrowers(pair, pair.survivorOwnerId)),
    )
    .returning({ customerId: accountCoBorrowers.customerId });
  await db
    .delete(accountTagLinks)
    .where(and(eq(accountTagLinks.merchantId, merchantId), eq(accountTagLinks.accountId, mergedId)));
  await db
    .delete(accountCoBorrowers)
    .where(and(eq(accountCoBorrowers.merchantId, merchantId), eq(accountCoBorrowers.accountId, mergedId)));
  const notes = await db
    .update(customerNotes)
    .set({ accountId: survivorId })
    .where(notesOf(merchantId, mergedId))
    .returning({ id: customerNotes.id });
  return {
    tagIds: tags.map((row) => row.tagId),
    coBorrowerIds: coBorrowers.map((row) => row.customerId),
    noteCount: notes.length,
  };
}

/** Closes the merged account and points it at the survivor; its external id is freed when it moves. */
export async function closeMergedAccount(
  db: Db,
  input: Pair & { at: Date; freeExternalId: boolean },
): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({
      status: 'closed',
      mergedIntoId: input.survivorId,
      updatedAt: input.at,
      ...(input.freeExternalId ? { externalId: null } : {}),
    })
    .where(accountsOf(input.merchantId, [input.mergedId]))
    .returning();
  if (!row) throw new Error('merged account vanished inside its lock');
  return row;
}

export async function fillAccount(
  db: Db,
  input: { merchantId: string; id: string; data: AccountFill; at: Date },
): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ ...input.data, updatedAt: input.at })
    .where(accountsOf(input.merchantId, [input.id]))
    .returning();
  if (!row) throw new Error('survivor vanished inside its lock');
  return row;
}
