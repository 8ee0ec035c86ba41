import { and, count, desc, eq, exists, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCoBorrowers, accounts, customerNotes, customers, users } from '../../db/schema';

// Every query carries the merchant id: a customer, account or note of another merchant is as unknown as a
// missing one (docs/conventions.md §5).

export type NoteCustomerRow = { id: string; voidedAt: Date | null };
export type NoteRow = {
  id: string;
  customerId: string;
  accountId: string | null;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  author: { id: string; firstName: string; lastName: string } | null;
};

/** The merchant's customer; `lock` holds it (FOR SHARE) so it cannot be voided while a note is written. */
export async function findNoteCustomer(
  db: Db,
  { merchantId, id, lock = false }: { merchantId: string; id: string; lock?: boolean },
): Promise<NoteCustomerRow | null> {
  const query = db
    .select({ id: customers.id, voidedAt: customers.voidedAt })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('share') : await query;
  return row ?? null;
}

/** Whether the account is one the customer holds or co-borrows, in the merchant. */
export async function isAccountOfCustomer(
  db: Db,
  { merchantId, customerId, accountId }: { merchantId: string; customerId: string; accountId: string },
): Promise<boolean> {
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
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.merchantId, merchantId),
        eq(accounts.id, accountId),
        or(eq(accounts.customerId, customerId), exists(coBorrowed)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const noteColumns = {
  id: customerNotes.id,
  customerId: customerNotes.customerId,
  accountId: customerNotes.accountId,
  body: customerNotes.body,
  createdAt: customerNotes.createdAt,
  updatedAt: customerNotes.updatedAt,
  authorId: users.id,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};
const selectNotes = (db: Db) =>
  db.select(noteColumns).from(customerNotes).leftJoin(users, eq(users.id, customerNotes.authorUserId));
type NoteSelection = Awaited<ReturnType<typeof selectNotes>>[number];

function toNoteRow({ authorId, authorFirstName, authorLastName, ...note }: NoteSelection): NoteRow {
  const author =
    authorId === null
      ? null
      : { id: authorId, firstName: authorFirstName ?? '', lastName: authorLastName ?? '' };
  return { ...note, author };
}

const scopeOf = (merchantId: string, customerId: string) =>
  and(eq(customerNotes.merchantId, merchantId), eq(customerNotes.customerId, customerId));

/** The customer's notes, newest first (the index on (customer_id, created_at) serves the order). */
export async function listNotes(
  db: Db,
  query: { merchantId: string; customerId: string; limit: number; offset: number },
): Promise<{ rows: NoteRow[]; total: number }> {
  const where = scopeOf(query.merchantId, query.customerId);
  const rows = await selectNotes(db)
    .where(where)
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db.select({ total: count() }).from(customerNotes).where(where);
  return { rows: rows.map(toNoteRow), total: totals?.total ?? 0 };
}

/** One of the customer's notes in the merchant; `lock` holds it (FOR UPDATE) for an edit. */
export async function findNote(
  db: Db,
  {
    merchantId,
    customerId,
    id,
    lock = false,
  }: { merchantId: string; customerId: string; id: string; lock?: boolean },
): Promise<NoteRow | null> {
  const query = selectNotes(db)
    .where(and(scopeOf(merchantId, customerId), eq(customerNotes.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: customerNotes }) : await query;
  return row ? toNoteRow(row) : null;
}

export async function insertNote(
  db: Db,
  data: {
    merchantId: string;
    customerId: string;
    accountId: string | null;
    body: string;
    authorUserId: string | null;
    at: Date;
  },
): Promise<string> {
  const { at, ...values } = data;
  const [row] = await db
    .insert(customerNotes)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning({ id: customerNotes.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateNoteBody(
  db: Db,
  { merchantId, id, body, at }: { merchantId: string; id: string; body: string; at: Date },
): Promise<void> {
  await db
    .update(customerNotes)
    .set({ body, updatedAt: at })
    .where(and(eq(customerNotes.merchantId, merchantId), eq(customerNotes.id, id)));
}
