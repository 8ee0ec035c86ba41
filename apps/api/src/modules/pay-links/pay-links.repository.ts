import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers, merchants, payLinks } from '../../db/schema';

// Every query names the link by its token's digest or by (merchant, id): a link is reached only through its
// secret or by the merchant that owns it.

export type NewPayLink = typeof payLinks.$inferInsert;
export type PayLinkRow = typeof payLinks.$inferSelect;

export async function insertPayLink(db: Db, values: NewPayLink): Promise<PayLinkRow> {
  const [row] = await db.insert(payLinks).values(values).returning();
  if (!row) throw new Error('pay link not stored');
  return row;
}

/** Whether the customer holds the account in this merchant (a link names only a real pair). */
export async function findLinkableAccount(
  db: Db,
  key: { merchantId: string; customerId: string; accountId: string },
) {
  const [row] = await db
    .select({
      id: accounts.id,
      status: accounts.status,
      amountDueCents: accounts.amountDueCents,
      mergedIntoId: accounts.mergedIntoId,
      voidedAt: customers.voidedAt,
    })
    .from(accounts)
    .innerJoin(
      customers,
      and(eq(customers.merchantId, accounts.merchantId), eq(customers.id, accounts.customerId)),
    )
    .where(
      and(
        eq(accounts.merchantId, key.merchantId),
        eq(accounts.customerId, key.customerId),
        eq(accounts.id, key.accountId),
      ),
    );
  return row ?? null;
}

/** The link behind a token's digest, with what the public page shows and verification compares. */
export async function findPayLinkByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      link: payLinks,
      merchant: {
        name: merchants.name,
        logoPath: merchants.logoPath,
        phone: merchants.phone,
      },
      customer: {
        firstName: customers.firstName,
        lastName: customers.lastName,
        dateOfBirth: customers.dateOfBirth,
        voidedAt: customers.voidedAt,
      },
      account: {
        externalId: accounts.externalId,
        amountDueCents: accounts.amountDueCents,
        dueDate: accounts.dueDate,
        locationId: accounts.locationId,
        status: accounts.status,
        payPinHash: accounts.payPinHash,
      },
    })
    .from(payLinks)
    .innerJoin(merchants, eq(merchants.id, payLinks.merchantId))
    .innerJoin(
      customers,
      and(eq(customers.merchantId, payLinks.merchantId), eq(customers.id, payLinks.customerId)),
    )
    .innerJoin(
      accounts,
      and(eq(accounts.merchantId, payLinks.merchantId), eq(accounts.id, payLinks.accountId)),
    )
    .where(eq(payLinks.tokenHash, tokenHash));
  return row ?? null;
}
export type PayLinkView = NonNullable<Awaited<ReturnType<typeof findPayLinkByTokenHash>>>;

/**
 * Reserves one verification attempt before the answer is compared (as sign-in does, ARCHITECTURE.md "Sessions
 * and sign-in"), so parallel guesses cannot get more than `max` checks: the count rises under the row's lock
 * and the attempt that reaches `max` locks the link until `lockUntil`. An expired lock starts a new count.
 * Null when the link is locked now.
 */
export async function reserveVerifyAttempt(
  db: Db,
  input: { id: string; now: Date; max: number; lockUntil: Date },
): Promise<number | null> {
  const attempts = sql`case when ${payLinks.lockedUntil} is not null then 1 else ${payLinks.verifyAttempts} + 1 end`;
  const [row] = await db
    .update(payLinks)
    .set({
      verifyAttempts: attempts,
      lockedUntil: sql`case when ${attempts} >= ${input.max} then ${input.lockUntil.toISOString()}::timestamptz end`,
    })
    .where(
      and(eq(payLinks.id, input.id), or(isNull(payLinks.lockedUntil), lte(payLinks.lockedUntil, input.now))),
    )
    .returning({ attempts: payLinks.verifyAttempts });
  return row?.attempts ?? null;
}

/** A right answer: the count starts again and the payer's session (its digest) replaces any earlier one. */
export async function startPayLinkSession(
  db: Db,
  input: { id: string; sessionHash: string; sessionExpiresAt: Date },
) {
  await db
    .update(payLinks)
    .set({
      verifyAttempts: 0,
      lockedUntil: null,
      sessionHash: input.sessionHash,
      sessionExpiresAt: input.sessionExpiresAt,
    })
    .where(eq(payLinks.id, input.id));
}

/** Spends the link on a payment that is paid or processing; a link already spent stays as it was. */
export async function consumePayLink(
  db: Db,
  key: { merchantId: string; id: string; paymentId: string; at: Date },
) {
  await db
    .update(payLinks)
    .set({ consumedAt: key.at, paymentId: key.paymentId })
    .where(
      and(eq(payLinks.merchantId, key.merchantId), eq(payLinks.id, key.id), isNull(payLinks.consumedAt)),
    );
}

/**
 * Claims the link for the payment sent under `key`: taken when nobody holds it, when this key already does (a
 * retry), or when `holder` (read just before, and found finished or abandoned) still does. False when another
 * payment holds it or the link is spent.
 */
export async function claimPayLink(
  db: Db,
  input: { id: string; key: string; holder: string | null; at: Date },
): Promise<boolean> {
  const heldBy = input.holder === null ? isNull(payLinks.payingKey) : eq(payLinks.payingKey, input.holder);
  const [row] = await db
    .update(payLinks)
    .set({ payingKey: input.key, payingClaimedAt: input.at })
    .where(
      and(
        eq(payLinks.id, input.id),
        isNull(payLinks.consumedAt),
        or(heldBy, eq(payLinks.payingKey, input.key)),
      ),
    )
    .returning({ id: payLinks.id });
  return row !== undefined;
}

/** A declined payment lets go of the link, so the payer can try another card. */
export async function releasePayLink(db: Db, input: { id: string; key: string }) {
  await db
    .update(payLinks)
    .set({ payingKey: null, payingClaimedAt: null })
    .where(and(eq(payLinks.id, input.id), eq(payLinks.payingKey, input.key), isNull(payLinks.consumedAt)));
}

/** Where a text to the customer goes: their phone, unless they are voided or have none. */
export async function findTextRecipient(db: Db, key: { merchantId: string; customerId: string }) {
  const [row] = await db
    .select({
      smsPhoneNumber: customers.smsPhoneNumber,
      smsOptedOutAt: customers.smsOptedOutAt,
      language: customers.language,
      voidedAt: customers.voidedAt,
    })
    .from(customers)
    .where(and(eq(customers.merchantId, key.merchantId), eq(customers.id, key.customerId)));
  return row ?? null;
}
