import type { Db } from '../client';
import {
  accountCoBorrowers,
  accountTagLinks,
  accountTags,
  customerEvents,
  customerNotes,
  customers,
  paymentMethods,
} from '../schema';
import { eq } from 'drizzle-orm';

export type DemoCustomer = { id: string; firstName: string; lastName: string; externalId: string | null };
export type DemoAccount = { id: string; customerId: string; externalId: string | null };

/** Demo tags, and which of the demo accounts (by position) carry them. */
const DEMO_TAGS = [
  { name: 'Good Standing', accounts: [0, 1, 4] },
  { name: 'Repo Risk', accounts: [1, 11] },
  { name: 'Skip Trace', accounts: [5] },
] as const;

/**
 * What makes the demo customer pages look lived in: tags on some accounts, saved payment methods (masks
 * only), a customer who texted STOP, notes, a co-borrower, and the history of each customer's creation.
 */
export async function seedDemoCustomerExtras(
  db: Db,
  input: {
    merchantId: string;
    authorId: string;
    customers: DemoCustomer[];
    accounts: DemoAccount[];
    now: Date;
  },
): Promise<void> {
  const { merchantId, customers: people, accounts, now } = input;
  const [first, second, third] = people;
  const firstAccount = accounts[0];
  if (!first || !second || !third || !firstAccount) throw new Error('demo extras need the demo customers');
  await seedDemoTags(db, merchantId, accounts);
  await db.insert(paymentMethods).values([
    {
      merchantId,
      customerId: first.id,
      paymentType: 'CREDIT',
      cardType: 'VISA',
      nickname: 'Visa',
      maskedCardNumber: '************4242',
    },
    {
      merchantId,
      customerId: first.id,
      paymentType: 'CHECKING',
      nickname: 'Checking',
      maskedAccountNumber: '*****6789',
    },
    {
      merchantId,
      customerId: third.id,
      paymentType: 'CREDIT',
      cardType: 'MASTERCARD',
      nickname: 'Mastercard',
      maskedCardNumber: '************4444',
    },
  ]);
  // Opted out of texts by replying STOP: left out of sends and shown as opted out.
  await db.update(customers).set({ smsOptedOutAt: now }).where(eq(customers.id, third.id));
  await db.insert(customerNotes).values([
    {
      merchantId,
      customerId: first.id,
      body: 'Prefers a text before noon.',
      authorUserId: input.authorId,
      createdAt: now,
      updatedAt: now,
    },
    {
      merchantId,
      customerId: first.id,
      accountId: firstAccount.id,
      body: 'Promised to pay the balance on Friday.',
      authorUserId: input.authorId,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await db
    .insert(accountCoBorrowers)
    .values({ merchantId, accountId: firstAccount.id, customerId: second.id, createdAt: now });
  await db.insert(customerEvents).values(
    people.map((customer) => ({
      merchantId,
      customerId: customer.id,
      kind: 'customer.created',
      actorUserId: null,
      details: {
        first_name: customer.firstName,
        last_name: customer.lastName,
        external_id: customer.externalId,
      },
      createdAt: now,
    })),
  );
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
