import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers, merchants, paymentMethods, paymentPromises, users } from '../../db/schema';
import { escapeLike } from '../../kit/like';

export type PromiseRow = typeof paymentPromises.$inferSelect;
export type NewPromise = typeof paymentPromises.$inferInsert;
export type PromiseOutcomeValue = PromiseRow['outcome'];

/** The account a promise is made on, with what decides whether one may be made and its amount limits. */
export async function findPromiseAccount(
  db: Db,
  key: { merchantId: string; customerId: string; accountId: string },
) {
  const [row] = await db
    .select({
      id: accounts.id,
      customerId: accounts.customerId,
      status: accounts.status,
      amountDueCents: accounts.amountDueCents,
      mergedIntoId: accounts.mergedIntoId,
      customerVoidedAt: customers.voidedAt,
      timeZone: merchants.timeZone,
      merchantMinCents: merchants.minPaymentAmountCents,
      merchantMaxCents: merchants.maxPaymentAmountCents,
    })
    .from(accounts)
    .innerJoin(
      customers,
      and(eq(customers.merchantId, accounts.merchantId), eq(customers.id, accounts.customerId)),
    )
    .innerJoin(merchants, eq(merchants.id, accounts.merchantId))
    .where(
      and(
        eq(accounts.merchantId, key.merchantId),
        eq(accounts.customerId, key.customerId),
        eq(accounts.id, key.accountId),
      ),
    );
  return row ?? null;
}

/** A live saved method of the customer that a processor can charge. */
export async function findCustomerMethod(
  db: Db,
  key: { merchantId: string; customerId: string; id: string },
) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.merchantId, key.merchantId),
        eq(paymentMethods.customerId, key.customerId),
        eq(paymentMethods.id, key.id),
        isNull(paymentMethods.removedAt),
      ),
    );
  return row ?? null;
}

/** Writes a promise; null when the merchant already has one under this idempotency key. */
export async function insertPromise(db: Db, values: NewPromise): Promise<PromiseRow | null> {
  const [row] = await db
    .insert(paymentPromises)
    .values(values)
    .onConflictDoNothing({ target: [paymentPromises.merchantId, paymentPromises.idempotencyKey] })
    .returning();
  return row ?? null;
}

export async function findPromiseByKey(db: Db, key: { merchantId: string; idempotencyKey: string }) {
  const [row] = await db
    .select()
    .from(paymentPromises)
    .where(
      and(
        eq(paymentPromises.merchantId, key.merchantId),
        eq(paymentPromises.idempotencyKey, key.idempotencyKey),
      ),
    );
  return row ?? null;
}

/** One promise of the merchant, locked for the caller's transaction. */
export async function lockPromise(db: Db, key: { merchantId: string; id: string }) {
  const [row] = await db
    .select()
    .from(paymentPromises)
    .where(and(eq(paymentPromises.merchantId, key.merchantId), eq(paymentPromises.id, key.id)))
    .for('update');
  return row ?? null;
}

export async function updatePromise(
  db: Db,
  key: { merchantId: string; id: string },
  values: Partial<NewPromise>,
): Promise<PromiseRow> {
  const [row] = await db
    .update(paymentPromises)
    .set(values)
    .where(and(eq(paymentPromises.merchantId, key.merchantId), eq(paymentPromises.id, key.id)))
    .returning();
  if (!row) throw new Error(`promise ${key.id} vanished`);
  return row;
}

/** A promise with what its answer shows: whose it is, the account number, the method. */
const viewColumns = {
  promise: paymentPromises,
  firstName: customers.firstName,
  lastName: customers.lastName,
  accountNumber: accounts.externalId,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  method: {
    id: paymentMethods.id,
    paymentType: paymentMethods.paymentType,
    cardType: paymentMethods.cardType,
    nickname: paymentMethods.nickname,
    maskedCardNumber: paymentMethods.maskedCardNumber,
    maskedAccountNumber: paymentMethods.maskedAccountNumber,
  },
};

function selectViews(db: Db) {
  return db
    .select(viewColumns)
    .from(paymentPromises)
    .innerJoin(
      customers,
      and(eq(customers.merchantId, paymentPromises.merchantId), eq(customers.id, paymentPromises.customerId)),
    )
    .innerJoin(
      accounts,
      and(eq(accounts.merchantId, paymentPromises.merchantId), eq(accounts.id, paymentPromises.accountId)),
    )
    .leftJoin(users, eq(users.id, paymentPromises.createdByUserId))
    .leftJoin(
      paymentMethods,
      and(
        eq(paymentMethods.merchantId, paymentPromises.merchantId),
        eq(paymentMethods.id, paymentPromises.paymentMethodId),
      ),
    );
}

export type PromiseView = Awaited<ReturnType<typeof findPromiseViews>>[number];

export function findPromiseViews(db: Db, key: { merchantId: string; ids: string[] }) {
  if (key.ids.length === 0) return Promise.resolve([]);
  return selectViews(db).where(
    and(eq(paymentPromises.merchantId, key.merchantId), inArray(paymentPromises.id, key.ids)),
  );
}

export type PromiseFilter = {
  merchantId: string;
  accountId?: string;
  statuses?: PromiseRow['status'][];
  outcome?: PromiseOutcomeValue;
  /** Inclusive lower and exclusive upper bound on the promised moment. */
  from?: Date;
  before?: Date;
  like?: string;
};

function filterWhere(filter: PromiseFilter): SQL | undefined {
  return and(
    eq(paymentPromises.merchantId, filter.merchantId),
    filter.accountId ? eq(paymentPromises.accountId, filter.accountId) : undefined,
    filter.statuses ? inArray(paymentPromises.status, filter.statuses) : undefined,
    filter.outcome ? eq(paymentPromises.outcome, filter.outcome) : undefined,
    filter.from ? gte(paymentPromises.scheduledAt, filter.from) : undefined,
    filter.before ? lt(paymentPromises.scheduledAt, filter.before) : undefined,
    filter.like ? likeWhere(filter.like) : undefined,
  );
}

/** The search: a customer's name (substring), an account number (prefix), or the phone's digits. */
function likeWhere(like: string): SQL | undefined {
  const term = like.toLowerCase();
  const arms: (SQL | undefined)[] = [
    sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${`%${escapeLike(term)}%`}`,
    sql`lower(${accounts.externalId}) like ${`${escapeLike(term)}%`}`,
  ];
  const digits = term.replace(/\D/g, '');
  if (digits.length >= 3)
    arms.push(
      sql`regexp_replace(coalesce(${customers.smsPhoneNumber}, ''), '\\D', '', 'g') like ${`%${digits}%`}`,
    );
  return or(...arms);
}

/** A page of promises, newest first (the account's list) or by their moment (the /promises page). */
export async function listPromiseViews(
  db: Db,
  filter: PromiseFilter,
  slice: { limit: number; offset: number },
  order: 'created' | 'scheduled',
) {
  const where = filterWhere(filter);
  const ordering =
    order === 'created'
      ? [desc(paymentPromises.createdAt), desc(paymentPromises.id)]
      : [desc(paymentPromises.scheduledAt), desc(paymentPromises.id)];
  const [rows, totals] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(...ordering)
      .limit(slice.limit)
      .offset(slice.offset),
    db
      .select({ total: count() })
      .from(paymentPromises)
      .innerJoin(
        customers,
        and(
          eq(customers.merchantId, paymentPromises.merchantId),
          eq(customers.id, paymentPromises.customerId),
        ),
      )
      .innerJoin(
        accounts,
        and(eq(accounts.merchantId, paymentPromises.merchantId), eq(accounts.id, paymentPromises.accountId)),
      )
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Home's promise figures: open ones (and unconfirmed, and due in the day), and last 30 days' outcomes. */
export async function promiseCounts(
  db: Db,
  key: { merchantId: string; dayFrom: Date; dayBefore: Date; decidedSince: Date },
) {
  const isOpen = sql`${paymentPromises.outcome} = 'open'`;
  const decidedRecently = sql`${paymentPromises.decidedAt} >= ${key.decidedSince}`;
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${isOpen})`.mapWith(Number),
      unconfirmed:
        sql<number>`count(*) filter (where ${isOpen} and ${paymentPromises.status} = 'PROMISED')`.mapWith(
          Number,
        ),
      dueToday:
        sql<number>`count(*) filter (where ${isOpen} and ${paymentPromises.scheduledAt} >= ${key.dayFrom} and ${paymentPromises.scheduledAt} < ${key.dayBefore})`.mapWith(
          Number,
        ),
      kept: sql<number>`count(*) filter (where ${paymentPromises.outcome} = 'kept' and ${decidedRecently})`.mapWith(
        Number,
      ),
      broken:
        sql<number>`count(*) filter (where ${paymentPromises.outcome} = 'broken' and ${decidedRecently})`.mapWith(
          Number,
        ),
      partiallyKept:
        sql<number>`count(*) filter (where ${paymentPromises.outcome} = 'partially_kept' and ${decidedRecently})`.mapWith(
          Number,
        ),
    })
    .from(paymentPromises)
    .where(eq(paymentPromises.merchantId, key.merchantId));
  return row!;
}

/** Home's scheduled payment figures: waiting to run, due within 7 days, and runs that failed lately. */
export async function scheduledCounts(
  db: Db,
  key: { merchantId: string; now: Date; weekAhead: Date; failedSince: Date },
) {
  const waiting = sql`${paymentPromises.outcome} = 'open' and ${paymentPromises.transactionId} is null and ${paymentPromises.failureMessage} is null`;
  const dueSoon = sql`${waiting} and ${paymentPromises.scheduledAt} < ${key.weekAhead}`;
  const [row] = await db
    .select({
      scheduled: sql<number>`count(*) filter (where ${waiting})`.mapWith(Number),
      scheduledCents:
        sql<number>`coalesce(sum(${paymentPromises.amountCents}) filter (where ${waiting}), 0)`.mapWith(
          Number,
        ),
      dueSoon: sql<number>`count(*) filter (where ${dueSoon})`.mapWith(Number),
      dueSoonCents:
        sql<number>`coalesce(sum(${paymentPromises.amountCents}) filter (where ${dueSoon}), 0)`.mapWith(
          Number,
        ),
      failed:
        sql<number>`count(*) filter (where ${paymentPromises.failureMessage} is not null and ${paymentPromises.runStartedAt} >= ${key.failedSince})`.mapWith(
          Number,
        ),
    })
    .from(paymentPromises)
    .where(and(eq(paymentPromises.merchantId, key.merchantId), eq(paymentPromises.status, 'SCHEDULED')));
  return row!;
}

/** Customer merge: the merged customers' promises now belong to the survivor. */
export async function repointPromises(
  db: Db,
  key: { merchantId: string; fromCustomerIds: string[]; toCustomerId: string },
) {
  if (key.fromCustomerIds.length === 0) return [];
  return db
    .update(paymentPromises)
    .set({ customerId: key.toCustomerId })
    .where(
      and(
        eq(paymentPromises.merchantId, key.merchantId),
        inArray(paymentPromises.customerId, key.fromCustomerIds),
      ),
    )
    .returning({ id: paymentPromises.id });
}

/** The customer a text goes to. */
export async function findPromiseRecipient(db: Db, key: { merchantId: string; customerId: string }) {
  const [row] = await db
    .select({
      smsPhoneNumber: customers.smsPhoneNumber,
      language: customers.language,
      voidedAt: customers.voidedAt,
    })
    .from(customers)
    .where(and(eq(customers.merchantId, key.merchantId), eq(customers.id, key.customerId)));
  return row ?? null;
}

/** The merchant's zone, for a promise's moment on its clock. */
export async function findMerchantZone(db: Db, merchantId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: merchants.timeZone })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!row) throw new Error(`merchant ${merchantId} is missing`);
  return row.timeZone;
}
