import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountCoBorrowers,
  accounts,
  autopayEnrolments,
  customers,
  merchants,
  paymentMethods,
  users,
} from '../../db/schema';

// Enrolments (autopay.service.ts). Every read carries the merchant id.

export type EnrolmentRow = typeof autopayEnrolments.$inferSelect;
export type NewEnrolment = typeof autopayEnrolments.$inferInsert;

/** The account with what enrolment needs: its customer, amount due, due date and the merchant's name and zone. */
export async function findAutopayAccount(db: Db, key: { merchantId: string; accountId: string }) {
  const [row] = await db
    .select({
      id: accounts.id,
      customerId: accounts.customerId,
      externalId: accounts.externalId,
      status: accounts.status,
      amountDueCents: accounts.amountDueCents,
      dueDate: accounts.dueDate,
      autopayEnabled: accounts.autopayEnabled,
      mergedIntoId: accounts.mergedIntoId,
      customerVoidedAt: customers.voidedAt,
      merchantName: merchants.name,
      timeZone: merchants.timeZone,
    })
    .from(accounts)
    .innerJoin(
      customers,
      and(eq(customers.merchantId, accounts.merchantId), eq(customers.id, accounts.customerId)),
    )
    .innerJoin(merchants, eq(merchants.id, accounts.merchantId))
    .where(and(eq(accounts.merchantId, key.merchantId), eq(accounts.id, key.accountId)));
  return row ?? null;
}

/** The account's active enrolment (at most one: the partial unique index). */
export async function findActiveEnrolment(db: Db, key: { merchantId: string; accountId: string }) {
  const [row] = await db
    .select()
    .from(autopayEnrolments)
    .where(
      and(
        eq(autopayEnrolments.merchantId, key.merchantId),
        eq(autopayEnrolments.accountId, key.accountId),
        isNull(autopayEnrolments.stoppedAt),
      ),
    );
  return row ?? null;
}

/** The account's latest enrolment, active or stopped (the account's Autopay section shows why it stopped). */
export async function findLatestEnrolment(db: Db, key: { merchantId: string; accountId: string }) {
  const [row] = await db
    .select()
    .from(autopayEnrolments)
    .where(
      and(eq(autopayEnrolments.merchantId, key.merchantId), eq(autopayEnrolments.accountId, key.accountId)),
    )
    .orderBy(desc(autopayEnrolments.enrolledAt))
    .limit(1);
  return row ?? null;
}

/** A customer's saved method still in use. */
export async function findActiveMethod(db: Db, key: { merchantId: string; customerId: string; id: string }) {
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

export async function insertEnrolment(db: Db, values: NewEnrolment): Promise<EnrolmentRow> {
  const [row] = await db.insert(autopayEnrolments).values(values).returning();
  if (!row) throw new Error('enrolment insert returned nothing');
  return row;
}

/** Closes the account's active enrolment; null when none was active (stopped by another request first). */
export async function closeEnrolment(
  db: Db,
  key: { merchantId: string; accountId: string },
  values: { stoppedAt: Date; stoppedBy: string | null; stopReason: string },
): Promise<EnrolmentRow | null> {
  const [row] = await db
    .update(autopayEnrolments)
    .set(values)
    .where(
      and(
        eq(autopayEnrolments.merchantId, key.merchantId),
        eq(autopayEnrolments.accountId, key.accountId),
        isNull(autopayEnrolments.stoppedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Turns the switch the nightly run reads; returns whether it was on before. */
export async function setAutopayEnabled(
  db: Db,
  key: { merchantId: string; accountId: string },
  isEnabled: boolean,
): Promise<boolean> {
  const [before] = await db
    .select({ autopayEnabled: accounts.autopayEnabled })
    .from(accounts)
    .where(and(eq(accounts.merchantId, key.merchantId), eq(accounts.id, key.accountId)))
    .for('update');
  await db
    .update(accounts)
    .set({ autopayEnabled: isEnabled })
    .where(and(eq(accounts.merchantId, key.merchantId), eq(accounts.id, key.accountId)));
  return before?.autopayEnabled ?? false;
}

export async function findAutopayRecipient(db: Db, key: { merchantId: string; customerId: string }) {
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

/** Whether the customer holds the account: its primary borrower or a co-borrower. */
export async function holdsAccount(
  db: Db,
  key: { merchantId: string; customerId: string; accountId: string; primaryCustomerId: string },
): Promise<boolean> {
  if (key.customerId === key.primaryCustomerId) return true;
  const [row] = await db
    .select({ accountId: accountCoBorrowers.accountId })
    .from(accountCoBorrowers)
    .where(
      and(
        eq(accountCoBorrowers.merchantId, key.merchantId),
        eq(accountCoBorrowers.accountId, key.accountId),
        eq(accountCoBorrowers.customerId, key.customerId),
      ),
    );
  return Boolean(row);
}

/** An enrolment with the names the answer shows: the customer, the method, the staff user who recorded it. */
export async function findEnrolmentNames(db: Db, enrolment: EnrolmentRow) {
  const [customer] = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.merchantId, enrolment.merchantId), eq(customers.id, enrolment.customerId)));
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.merchantId, enrolment.merchantId),
        eq(paymentMethods.id, enrolment.paymentMethodId),
      ),
    );
  const [user] = enrolment.enrolledBy
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, enrolment.enrolledBy))
    : [];
  return { customer: customer ?? null, method: method ?? null, user: user ?? null };
}

export async function findCustomerName(db: Db, key: { merchantId: string; customerId: string }) {
  const [row] = await db
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.merchantId, key.merchantId), eq(customers.id, key.customerId)));
  return row ?? null;
}

/** The accounts whose active enrolment charges this method. */
export async function findAccountsEnrolledWithMethod(
  db: Db,
  key: { merchantId: string; paymentMethodId: string },
) {
  const rows = await db
    .select({ accountId: autopayEnrolments.accountId })
    .from(autopayEnrolments)
    .where(
      and(
        eq(autopayEnrolments.merchantId, key.merchantId),
        eq(autopayEnrolments.paymentMethodId, key.paymentMethodId),
        isNull(autopayEnrolments.stoppedAt),
      ),
    );
  return rows.map((row) => row.accountId);
}
