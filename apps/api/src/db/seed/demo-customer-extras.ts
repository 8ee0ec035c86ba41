import type { Db } from '../client';
import { accountCoBorrowers, accountTagLinks, accountTags, customerEvents, customerNotes } from '../schema';
import type { DemoClock } from './demo-clock';
import type { DemoSender } from './demo-conversations';
import { demoHistory, demoNotes } from './demo-notes';

export type DemoCustomer = {
  id: string;
  firstName: string;
  lastName: string;
  externalId: string | null;
  createdAt: Date;
};
export type DemoAccount = { id: string; customerId: string; externalId: string | null };

/** Demo tags, and which of the demo accounts (by position) carry them. */
const DEMO_TAGS = [
  { name: 'Good Standing', accounts: [0, 1, 4] },
  { name: 'Repo Risk', accounts: [1, 11] },
  { name: 'Skip Trace', accounts: [5] },
] as const;

/**
 * What makes the demo customer pages look lived in: tags on some accounts, notes by staff over the past
 * weeks, a co-borrower, and each customer's history (created, then what staff changed). Saved payment
 * methods and payments are demo-payments.ts's. The customer who texted STOP is demo-activity.ts's.
 */
export async function seedDemoCustomerExtras(
  db: Db,
  input: {
    merchantId: string;
    users: Record<DemoSender, string>;
    customers: DemoCustomer[];
    accounts: DemoAccount[];
    clock: DemoClock;
  },
): Promise<void> {
  const { merchantId, customers: people, accounts, clock, users } = input;
  const [first, second] = people;
  const firstAccount = accounts[0];
  if (!first || !second || !firstAccount) throw new Error('demo extras need the demo customers');
  await seedDemoTags(db, merchantId, accounts);
  const noteRows = demoNotes(clock).map((note) => ({
    merchantId,
    customerId: personAt(people, note.customer).id,
    accountId: note.onAccount ? (accounts[note.customer]?.id ?? null) : null,
    body: note.body,
    authorUserId: users[note.author],
    createdAt: note.at,
    updatedAt: note.at,
  }));
  const notes = await db.insert(customerNotes).values(noteRows).returning({ id: customerNotes.id });
  const linkedAt = clock.at(40, '15:10');
  await db
    .insert(accountCoBorrowers)
    .values({ merchantId, accountId: firstAccount.id, customerId: second.id, createdAt: linkedAt });
  const accountFacts = { account_id: firstAccount.id, account_external_id: firstAccount.externalId };
  const personOf = (c: DemoCustomer) => ({ id: c.id, first_name: c.firstName, last_name: c.lastName });
  await db.insert(customerEvents).values([
    ...people.flatMap((customer, i) => {
      const account = accounts[i];
      const at = customer.createdAt;
      const created = {
        merchantId,
        customerId: customer.id,
        kind: 'customer.created',
        actorUserId: users.admin,
        details: {
          first_name: customer.firstName,
          last_name: customer.lastName,
          external_id: customer.externalId,
        },
        createdAt: at,
      };
      if (!account) return [created];
      const accountCreated = {
        merchantId,
        customerId: customer.id,
        accountId: account.id,
        kind: 'account.created',
        actorUserId: users.admin,
        details: { external_id: account.externalId },
        createdAt: at,
      };
      return [created, accountCreated];
    }),
    ...noteRows.map((note, i) => ({
      merchantId,
      customerId: note.customerId,
      accountId: note.accountId,
      kind: 'note.added',
      actorUserId: note.authorUserId,
      details: { note_id: notes[i]?.id, body: note.body },
      createdAt: note.createdAt,
    })),
    ...[
      { customer: first, details: { ...accountFacts, co_borrower: personOf(second) } },
      { customer: second, details: { ...accountFacts, primary_customer: personOf(first) } },
    ].map(({ customer, details }) => ({
      merchantId,
      customerId: customer.id,
      accountId: firstAccount.id,
      kind: 'co_borrower.linked',
      actorUserId: users.admin,
      details,
      createdAt: linkedAt,
    })),
    ...demoHistory(clock).map((event) => ({
      merchantId,
      customerId: personAt(people, event.customer).id,
      accountId: event.onAccount ? (accounts[event.customer]?.id ?? null) : null,
      kind: event.kind,
      actorUserId: users[event.actor],
      details: event.details,
      createdAt: event.at,
    })),
  ]);
}

function personAt(people: DemoCustomer[], index: number): DemoCustomer {
  const person = people[index];
  if (!person) throw new Error(`the demo has no customer ${index}`);
  return person;
}

async function seedDemoTags(db: Db, merchantId: string, accounts: DemoAccount[]): Promise<void> {
  const tags = await db
    .insert(accountTags)
    .values(DEMO_TAGS.map((tag) => ({ merchantId, name: tag.name })))
    .returning({ id: accountTags.id, name: accountTags.name });
  const links = DEMO_TAGS.flatMap((tag) => {
    const tagId = tags.find((row) => row.name === tag.name)?.id;
    return tag.accounts.flatMap((position) => {
      const account = accounts[position];
      return account && tagId ? [{ merchantId, accountId: account.id, tagId }] : [];
    });
  });
  await db.insert(accountTagLinks).values(links);
}
