import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSummarySchema } from '@paylane/shared/contracts/home';
import type { MessageStatus } from '@paylane/shared/messaging';
import { accounts, customers, merchants, messageBatches, messages } from '../../db/schema';
import { addDays, localDateAt } from '../../jobs/zoned-time';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, MEMBER_PASSWORD } from '../../test/members';

// Issue 14: Home shows real figures of what exists. A merchant of its own (in a zone far from UTC, so
// "today" is the merchant's), with one record of each case the overview tells apart.
const ZONE = 'Pacific/Kiritimati'; // UTC+14

type Person = { id: string };

describe('GET /api/merchants/{id}/home_summary/', () => {
  let t: TestApp;
  let merchantId: string;
  let adminToken: string;
  const day = 86_400_000;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const [merchant] = await db
      .insert(merchants)
      .values({ name: 'Summary Motors', timeZone: ZONE })
      .returning();
    merchantId = merchant!.id;
    const admin = await addMember(db, { merchantId, email: 'admin@summary.test', roles: ['admin'] });
    adminToken = (await t.signIn('admin@summary.test', MEMBER_PASSWORD)).access;

    const now = t.clock.now();
    const today = localDateAt(ZONE, now);
    const people = await db
      .insert(customers)
      .values(
        ['Ana', 'Ben', 'Cleo', 'Dev', 'Voided'].map((firstName, i) => ({
          merchantId,
          firstName,
          lastName: 'Summary',
          smsPhoneNumber: `+1737555${String(2000 + i)}`,
          voidedAt: firstName === 'Voided' ? now : null,
        })),
      )
      .returning();
    const [ana, ben, cleo, dev] = people.map((row) => ({ id: row.id })) as [Person, Person, Person, Person];
    const account = (
      customerId: string,
      dueInDays: number,
      extra: Partial<typeof accounts.$inferInsert>,
    ) => ({
      merchantId,
      customerId,
      dueDate: addDays(today, dueInDays),
      amountDueCents: 10_000,
      ...extra,
    });
    await db.insert(accounts).values([
      account(ana.id, 0, {}), // due this week (today)
      account(ben.id, 6, {}), // due this week (the last day)
      account(cleo.id, 7, {}), // next week
      account(dev.id, -1, {}), // past due
      account(dev.id, -3, { amountDueCents: 0 }), // paid up: not past due
      account(cleo.id, -3, { status: 'inactive' }), // inactive: counted nowhere
    ]);

    const [batch] = await db
      .insert(messageBatches)
      .values({ merchantId, name: 'Summer Sale', body: 'Hi', recipientCount: 3 })
      .returning();
    const text = (
      customerId: string,
      input: {
        status: MessageStatus;
        kind?: 'chat' | 'batch' | 'automation' | 'inbound';
        at?: Date;
      } & Partial<typeof messages.$inferInsert>,
    ) => ({
      merchantId,
      customerId,
      direction: 'outbound' as const,
      kind: input.kind ?? 'chat',
      body: 'A text',
      toAddress: '+17375552000',
      providerMessageId: input.status === 'canceled' ? null : `SM${Math.random()}`,
      provider: 'outbox',
      ...input,
      createdAt: input.at ?? now,
    });
    const monthAgo = new Date(now.getTime() - 31 * day);
    await db.insert(messages).values([
      text(ana.id, { status: 'delivered' }),
      text(ana.id, { status: 'received', direction: 'inbound', kind: 'inbound' }),
      text(ben.id, { status: 'sent' }),
      text(ben.id, { status: 'queued' }),
      text(cleo.id, { status: 'undelivered', errorCode: '30003' }),
      text(cleo.id, { status: 'delivered', kind: 'automation' }),
      text(dev.id, { status: 'failed', kind: 'automation', providerMessageId: null, provider: null }),
      text(ana.id, { status: 'delivered', kind: 'batch', batchId: batch!.id }),
      text(ben.id, { status: 'failed', kind: 'batch', batchId: batch!.id, errorCode: '30005' }),
      text(cleo.id, { status: 'canceled', kind: 'batch', batchId: batch!.id }),
      // Before the window: not counted.
      text(dev.id, { status: 'received', direction: 'inbound', kind: 'inbound', at: monthAgo }),
      // Staff answered it: no longer waiting for a reply (issue 20's Needs reply).
      text(dev.id, { status: 'delivered', at: monthAgo, senderUserId: admin.id }),
      // An email is not a text.
      text(ana.id, { status: 'delivered', channel: 'email', toAddress: 'ana@example.com' }),
    ]);
  });
  afterAll(() => t.close());

  it('counts the merchant’s customers, accounts, conversations and texts of the last 30 days', async () => {
    const response = await t.request(`/api/merchants/${merchantId}/home_summary/`, { token: adminToken });
    expect(response.status).toBe(200);
    const summary = homeSummarySchema.parse(response.body);
    expect(summary).toEqual({
      since: new Date(t.clock.now().getTime() - 30 * day).toISOString(),
      customers: 4,
      accounts: { active: 5, due_this_week: 2, past_due: 1 },
      // Ana wrote last: waiting for a reply. Dev's old text is unread but answered. Batch and automation
      // texts join a conversation when handed over (none of these was, here).
      conversations: { total: 4, waiting_for_reply: 1, unread_messages: 2 },
      texts: { received: 1, delivered: 3, sent: 1, queued: 1, failed: 2 },
      auto_messages: { sent: 1, skipped: 1 },
      latest_batch: expect.objectContaining({
        batch_name: 'Summer Sale',
        recipient_count: 3,
        counts: { pending: 0, queued: 0, sent: 0, delivered: 1, failed: 1, canceled: 1 },
      }),
    });
  });

  it('shows the demo’s figures to its staff: a newcomer sees a dealership at work', async () => {
    const { access } = await t.signIn('staff@demo.paylane.test');
    const [demo] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    const response = await t.request(`/api/merchants/${demo!.id}/home_summary/`, { token: access });
    expect(response.status).toBe(200);
    const summary = homeSummarySchema.parse(response.body);
    expect(summary.customers).toBeGreaterThan(30);
    expect(summary.conversations.waiting_for_reply).toBeGreaterThan(0);
    expect(summary.conversations.unread_messages).toBeGreaterThan(0);
    for (const figure of ['received', 'delivered', 'sent', 'queued', 'failed'] as const) {
      expect(summary.texts[figure], figure).toBeGreaterThan(0);
    }
    expect(summary.auto_messages.sent).toBeGreaterThan(0);
    expect(summary.latest_batch?.recipient_count).toBeGreaterThan(0);
  });

  it('answers another merchant’s members with 404 and a signed-out caller with 401', async () => {
    const { access } = await t.signIn('admin@demo.paylane.test');
    const foreign = await t.request(`/api/merchants/${merchantId}/home_summary/`, { token: access });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Summer Sale');
    expect((await t.request(`/api/merchants/${merchantId}/home_summary/`)).status).toBe(401);
  });
});
