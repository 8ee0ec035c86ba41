import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { customerConversations, customers, locations, merchants, messages } from './schema';

// customer_conversations is kept by statement-level triggers (migration 0008): after any mix of writes it
// must say what the messages themselves say — the last text, the unread inbound count, the location.
describe('customer conversations kept by triggers', () => {
  let t: TestApp;
  let merchantId: string;
  let locationIds: string[];
  let ada: string;
  let ben: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const [merchant] = await db.insert(merchants).values({ name: 'Trigger Autos' }).returning();
    merchantId = merchant!.id;
    const made = await db
      .insert(locations)
      .values([
        { merchantId, name: 'East' },
        { merchantId, name: 'West' },
      ])
      .returning();
    locationIds = made.map((location) => location.id);
    const people = await db
      .insert(customers)
      .values([
        {
          merchantId,
          locationId: locationIds[0],
          firstName: 'Ada',
          lastName: 'Ng',
          smsPhoneNumber: '+15125550301',
        },
        {
          merchantId,
          locationId: locationIds[0],
          firstName: 'Ben',
          lastName: 'Ng',
          smsPhoneNumber: '+15125550302',
        },
      ])
      .returning();
    [ada, ben] = people.map((person) => person.id) as [string, string];
  });
  afterAll(() => t.close());

  const text = (customerId: string, direction: 'inbound' | 'outbound', body: string) => ({
    merchantId,
    customerId,
    direction,
    kind: direction === 'inbound' ? ('inbound' as const) : ('chat' as const),
    body,
    toAddress: '+15125550300',
    status: direction === 'inbound' ? ('received' as const) : ('pending' as const),
  });
  const conversationOf = async (customerId: string) => {
    const [row] = await t.database.db
      .select()
      .from(customerConversations)
      .where(eq(customerConversations.customerId, customerId));
    return row;
  };

  it('follows a multi-row insert: the last text by seq, inbound counted as unread', async () => {
    await t.database.db
      .insert(messages)
      .values([
        text(ada, 'outbound', 'Your payment is due'),
        text(ada, 'inbound', 'Paid it'),
        text(ben, 'outbound', 'Hello Ben'),
      ]);
    expect(await conversationOf(ada)).toMatchObject({
      merchantId,
      locationId: locationIds[0],
      lastMessageBody: 'Paid it',
      lastDirection: 'inbound',
      unreadCount: 1,
    });
    expect(await conversationOf(ben)).toMatchObject({ lastMessageBody: 'Hello Ben', unreadCount: 0 });
  });

  it('adds later statements to the same row, and ignores email and recorded automation skips', async () => {
    await t.database.db.insert(messages).values(text(ada, 'inbound', 'Hello?'));
    await t.database.db.insert(messages).values([
      { ...text(ada, 'outbound', 'An email'), channel: 'email' as const },
      { ...text(ada, 'outbound', 'Skipped'), kind: 'automation' as const, status: 'failed' as const },
    ]);
    const row = await conversationOf(ada);
    expect(row).toMatchObject({ lastMessageBody: 'Hello?', unreadCount: 2 });
    expect(row!.lastInboundAt).not.toBeNull();
    expect(row!.lastOutboundAt).not.toBeNull();
  });

  it('takes a mass text or automation when it leaves, not when it is written or canceled', async () => {
    const [queued] = await t.database.db
      .insert(messages)
      .values([{ ...text(ben, 'outbound', 'Mass text'), kind: 'batch' as const }])
      .returning();
    expect(await conversationOf(ben)).toMatchObject({ lastMessageBody: 'Hello Ben' });
    await t.database.db.update(messages).set({ status: 'sending' }).where(eq(messages.id, queued!.id));
    expect(await conversationOf(ben)).toMatchObject({ lastMessageBody: 'Hello Ben' });
    await t.database.db.update(messages).set({ status: 'queued' }).where(eq(messages.id, queued!.id));
    expect(await conversationOf(ben)).toMatchObject({ lastMessageBody: 'Mass text', unreadCount: 0 });
    // A later status step changes nothing; a canceled automation never shows.
    await t.database.db.update(messages).set({ status: 'delivered' }).where(eq(messages.id, queued!.id));
    const [canceled] = await t.database.db
      .insert(messages)
      .values([{ ...text(ben, 'outbound', 'Canceled reminder'), kind: 'automation' as const }])
      .returning();
    await t.database.db.update(messages).set({ status: 'canceled' }).where(eq(messages.id, canceled!.id));
    expect(await conversationOf(ben)).toMatchObject({ lastMessageBody: 'Mass text' });
  });

  it('moves with the customer to another location', async () => {
    await t.database.db.update(customers).set({ locationId: locationIds[1] }).where(eq(customers.id, ben));
    expect(await conversationOf(ben)).toMatchObject({ locationId: locationIds[1] });
    expect(await conversationOf(ada)).toMatchObject({ locationId: locationIds[0] });
  });
});
