import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedPerDb, statementName, type Db } from '../../db/client';
import { accounts, accountTagLinks, accountTags, customers, locations } from '../../db/schema';
import { openAccountsFirst } from './customers-list.repository';

export type AccountRow = typeof accounts.$inferSelect;
/** The columns a person edits on an account (autopay and merges belong to other paths). */
export type AccountData = Pick<
  typeof accounts.$inferInsert,
  | 'externalId'
  | 'status'
  | 'amountDueCents'
  | 'dueDate'
  | 'cadence'
  | 'vehicleYear'
  | 'vehicleMake'
  | 'vehicleModel'
  | 'locationId'
  | 'payPinHash'
>;
export type CustomerRefRow = {
  id: string;
  firstName: string;
  lastName: string;
  externalId: string | null;
  smsPhoneNumber: string | null;
};
export type AccountTag = { id: string; name: string };
export type AccountWithPrimary = {
  account: AccountRow;
  primary: CustomerRefRow;
  location: { id: string; name: string } | null;
  /** By name. */
  tags: AccountTag[];
  /** In the order they were linked. */
  coBorrowers: CustomerRefRow[];
};

const primaryCustomer = alias(customers, 'primary_customer');
const refColumns = (table: typeof customers | typeof primaryCustomer) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  externalId: table.externalId,
  smsPhoneNumber: table.smsPhoneNumber,
});

// An account's tags and co-borrowers come with it as JSON (a few strings each, one index probe an account),
// so the customer page reads all its accounts in one statement instead of three in a row.
const tagsOfAccount = sql<AccountTag[]>`(
  select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id), '[]'::json)
  from account_tag_links l join account_tags t on t.id = l.tag_id
  where l.merchant_id = ${accounts.merchantId} and l.account_id = ${accounts.id}
)`;
const coBorrowersOfAccount = sql<CustomerRefRow[]>`(
  select coalesce(json_agg(json_build_object(
    'id', c.id, 'firstName', c.first_name, 'lastName', c.last_name,
    'externalId', c.external_id, 'smsPhoneNumber', c.sms_phone_number
  ) order by b.created_at, c.id), '[]'::json)
  from account_co_borrowers b join customers c on c.id = b.customer_id
  where b.merchant_id = ${accounts.merchantId} and b.account_id = ${accounts.id}
)`;

function selectAccounts(db: Db, where: SQL, ordering: SQL[]) {
  return db
    .select({
      account: accounts,
      primary: refColumns(primaryCustomer),
      locationId: locations.id,
      locationName: locations.name,
      tags: tagsOfAccount,
      coBorrowers: coBorrowersOfAccount,
    })
    .from(accounts)
    .innerJoin(primaryCustomer, eq(primaryCustomer.id, accounts.customerId))
    .leftJoin(locations, eq(locations.id, accounts.locationId))
    .where(where)
    .orderBy(...ordering);
}

type SelectedAccount = Awaited<ReturnType<typeof selectAccounts>>[number];

const toAccountWithPrimary = (row: SelectedAccount): AccountWithPrimary => ({
  account: row.account,
  primary: row.primary,
  location: row.locationId ? { id: row.locationId, name: row.locationName ?? '' } : null,
  tags: row.tags,
  coBorrowers: row.coBorrowers,
});

const accountsOfCustomerStatement = preparedPerDb((db) => {
  const merchantId = sql.placeholder('merchantId');
  const customerId = sql.placeholder('customerId');
  // One subquery per index (accounts_customer_idx, account_co_borrowers_customer_idx), unioned: an OR of
  // the two would make PostgreSQL read every account of the merchant.
  const heldOrCoBorrowed = sql`${accounts.id} in (select id from accounts where merchant_id = ${merchantId} and customer_id = ${customerId} union all select account_id from account_co_borrowers where merchant_id = ${merchantId} and customer_id = ${customerId})`;
  return selectAccounts(db, and(eq(accounts.merchantId, merchantId), heldOrCoBorrowed) as SQL, [
    desc(sql`${accounts.customerId} = ${customerId}`),
    openAccountsFirst,
    asc(accounts.createdAt),
    asc(accounts.id),
  ]).prepare(statementName(db, 'accounts_of_customer'));
});

/** The customer's own accounts (open ones first), then the accounts they co-borrow. */
export async function listAccountsOfCustomer(db: Db, merchantId: string, customerId: string) {
  const rows = await accountsOfCustomerStatement(db).execute({ merchantId, customerId });
  return rows.map(toAccountWithPrimary);
}

/** One account of the merchant whose primary borrower is the customer, or null. */
export async function findOwnAccount(
  db: Db,
  { merchantId, customerId, accountId }: { merchantId: string; customerId: string; accountId: string },
): Promise<AccountWithPrimary | null> {
  const [row] = await selectAccounts(
    db,
    and(
      eq(accounts.merchantId, merchantId),
      eq(accounts.customerId, customerId),
      eq(accounts.id, accountId),
    ) as SQL,
    [],
  );
  return row ? toAccountWithPrimary(row) : null;
}

export async function insertAccount(
  db: Db,
  input: { merchantId: string; customerId: string; data: AccountData; at: Date },
): Promise<AccountRow> {
  const [row] = await db
    .insert(accounts)
    .values({
      ...input.data,
      merchantId: input.merchantId,
      customerId: input.customerId,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAccountRow(
  db: Db,
  { merchantId, id, data, at }: { merchantId: string; id: string; data: AccountData; at: Date },
): Promise<AccountRow | null> {
  const [row] = await db
    .update(accounts)
    .set({ ...data, updatedAt: at })
    .where(and(eq(accounts.merchantId, merchantId), eq(accounts.id, id)))
    .returning();
  return row ?? null;
}

/** The account's tags become exactly these (ids already checked to be the merchant's). */
export async function replaceAccountTags(
  db: Db,
  {
    merchantId,
    accountId,
    tagIds,
    at,
  }: { merchantId: string; accountId: string; tagIds: string[]; at: Date },
): Promise<void> {
  await db
    .delete(accountTagLinks)
    .where(and(eq(accountTagLinks.merchantId, merchantId), eq(accountTagLinks.accountId, accountId)));
  if (tagIds.length === 0) return;
  await db
    .insert(accountTagLinks)
    .values(tagIds.map((tagId) => ({ merchantId, accountId, tagId, createdAt: at })));
}

/** Another account of the merchant carries this external id. */
export async function isAccountExternalIdTaken(
  db: Db,
  { merchantId, externalId, exceptId }: { merchantId: string; externalId: string; exceptId?: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.merchantId, merchantId),
        eq(accounts.externalId, externalId),
        exceptId ? ne(accounts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Those of the ids that are the merchant's tags. */
export async function findMerchantTags(db: Db, merchantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: accountTags.id, name: accountTags.name })
    .from(accountTags)
    .where(and(eq(accountTags.merchantId, merchantId), inArray(accountTags.id, ids)));
}
