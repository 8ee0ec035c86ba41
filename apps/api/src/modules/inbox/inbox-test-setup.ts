import { eq } from 'drizzle-orm';
import { customers, locations, messages, accounts } from '../../db/schema';
import type { TestApp } from '../../test/app';

export type InboxPerson = { id: string; accountId: string; phone: string; externalId: string };

/** A location of its own for the test's customers, so the inbox filtered by it holds only them. */
export async function insertLocation(t: TestApp, merchantId: string, name: string): Promise<string> {
  const [row] = await t.database.db.insert(locations).values({ merchantId, name }).returning();
  return row!.id;
}

/** Customers named `${first}` / `${last}`, with phones and external ids of their own, one account each. */
export async function insertPeople(
  t: TestApp,
  input: {
    merchantId: string;
    locationId: string;
    people: { first: string; last: string; externalId: string; phone: string | null; language?: string }[];
  },
): Promise<InboxPerson[]> {
  const { db } = t.database;
  const rows = await db
    .insert(customers)
    .values(
      input.people.map((p) => ({
        merchantId: input.merchantId,
        locationId: input.locationId,
        firstName: p.first,
        lastName: p.last,
        externalId: p.externalId,
        smsPhoneNumber: p.phone,
        language: p.language ?? 'en-US',
      })),
    )
    .returning();
  const accountRows = await db
    .insert(accounts)
    .values(
      rows.map((row) => ({
        merchantId: input.merchantId,
        customerId: row.id,
        externalId: `ACC-${row.externalId}`,
        amountDueCents: 10_000,
        dueDate: '2026-07-01',
        cadence: 'monthly' as const,
      })),
    )
    .returning();
  return rows.map((row, i) => ({
    id: row.id,
    accountId: accountRows[i]!.id,
    phone: row.smsPhoneNumber ?? '',
    externalId: row.externalId ?? '',
  }));
}

/** A text the customer sent (as receiveInboundSms stores it; the triggers keep the conversation). */
export async function insertInbound(t: TestApp, merchantId: string, person: InboxPerson, body: string) {
  const [row] = await t.database.db
    .insert(messages)
    .values({
      merchantId,
      customerId: person.id,
      direction: 'inbound',
      kind: 'inbound',
      body,
      toAddress: '+15005550006',
      fromAddress: person.phone,
      status: 'received',
    })
    .returning();
  return row!;
}

/**
 * An automation text: sent (written pending, then delivered as the dispatcher records it, which is when it
 * joins the conversation), or a recorded skip (written failed with its reason, never sent).
 */
export async function insertAutomation(
  t: TestApp,
  merchantId: string,
  person: InboxPerson,
  input: { body: string; errorMessage?: string },
) {
  const [row] = await t.database.db
    .insert(messages)
    .values({
      merchantId,
      customerId: person.id,
      accountId: person.accountId,
      direction: 'outbound',
      kind: 'automation',
      body: input.body,
      toAddress: person.phone,
      status: input.errorMessage ? 'failed' : 'pending',
      errorMessage: input.errorMessage ?? null,
    })
    .returning();
  if (input.errorMessage) return row!;
  const [sent] = await t.database.db
    .update(messages)
    .set({ status: 'delivered' })
    .where(eq(messages.id, row!.id))
    .returning();
  return sent!;
}
