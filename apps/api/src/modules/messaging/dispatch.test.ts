import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as catalogue } from '@paylane/shared/messages';
import {
  consentEvents,
  customers,
  merchants,
  messages,
  messageStatusEvents,
  outboxEmails,
  outboxSms,
  outboxSmsFailureRules,
} from '../../db/schema';
import { addDays, localDateAt, zonedInstant } from '../../jobs/zoned-time';
import { DISPATCH_JOB } from './dispatch-request.service';
import { recordProviderStatus, recordProviderStatuses } from './message-status.repository';
import { insertPendingMessages } from './pending-messages.repository';
import {
  insertCustomers,
  setQuietHours,
  setUpMessagingTest,
  statusCounts,
  type MessagingTestContext,
  type TestCustomer,
} from './messaging-test-setup';
import { waitUntil } from '../../test/wait';

const waitFor = (check: () => Promise<void>) => waitUntil(check, 100);

describe('dispatching mass texts through the outbox provider', () => {
  let c: MessagingTestContext;
  let people: TestCustomer[];

  beforeAll(async () => {
    c = await setUpMessagingTest({ jobs: true });
    people = await insertCustomers(c.t, {
      merchantId: c.merchantId,
      locationId: c.locationId,
      count: 30,
      area: '469',
    });
  });
  afterAll(() => c.t.close());

  const sendTo = async (recipients: TestCustomer[], message = 'Hi {{first_name}}') => {
    const answer = await c.t.request(`${c.base}/customers/send_customers_message/`, {
      method: 'POST',
      token: c.admin,
      json: { batch_name: 'Dispatch test', message, customers: recipients.map((p) => p.id) },
    });
    expect(answer.status).toBe(200);
    return answer.body.batch_id as string;
  };
  const batchOf = (batchId: string) =>
    c.t.request(`${c.base}/message_batches/${batchId}/`, { token: c.admin }).then((r) => r.body);

  it('walks every text to delivered, one outbox text each', async () => {
    const batchId = await sendTo(people.slice(0, 10));
    await waitFor(async () => expect((await batchOf(batchId)).counts.delivered).toBe(10));
    const rows = await c.t.database.db.select().from(messages).where(eq(messages.batchId, batchId));
    const first = rows.find((row) => row.customerId === people[0]!.id)!;
    // From the merchant's own (outbox) number, never the platform's shared one.
    const [merchant] = await c.t.database.db.select().from(merchants).where(eq(merchants.id, c.merchantId));
    expect(merchant!.outboxSmsNumber).toMatch(/^\+1\d{3}55501\d\d$/);
    expect(first).toMatchObject({
      provider: 'outbox',
      fromAddress: merchant!.outboxSmsNumber,
      body: 'Hi Pat0',
    });
    expect(first.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(first.sentAt).not.toBeNull();
    const [outboxText] = await c.t.database.db
      .select()
      .from(outboxSms)
      .where(eq(outboxSms.sid, first.providerMessageId!));
    expect(outboxText).toMatchObject({
      idempotencyKey: first.id,
      toAddress: people[0]!.phone,
      status: 'delivered',
    });
    // The dev outbox lists it ('+' arrives as a space when not encoded).
    const listed = await c.t.request(`/api/dev/outbox/sms/?to=${people[0]!.phone}`);
    expect(listed.body).toMatchObject({ count: 1, results: [{ body: 'Hi Pat0', status: 'delivered' }] });
    const events = await c.t.request(`${c.base}/message_batches/${batchId}/messages/?status=delivered`, {
      token: c.staff,
    });
    expect(events.body).toMatchObject({ count: 10 });
  });

  it('blocks a text to a customer who opted out after it was written, at send time', async () => {
    const target = people[10]!;
    await c.t.database.db
      .update(customers)
      .set({ smsOptedOutAt: new Date() })
      .where(eq(customers.id, target.id));
    // Written as another part would (a chat reply, an automation): the dispatcher still checks.
    const [written] = await insertPendingMessages(c.t.database.db, [
      {
        merchantId: c.merchantId,
        customerId: target.id,
        kind: 'chat',
        body: 'Are you there?',
        toAddress: target.phone,
      },
    ]);
    await c.t.queue!.send(DISPATCH_JOB, {});
    await waitFor(async () => {
      const [row] = await c.t.database.db.select().from(messages).where(eq(messages.id, written!.id));
      expect(row).toMatchObject({
        status: 'failed',
        errorMessage: catalogue.optedOut,
        providerMessageId: null,
      });
    });
    // The STOP confirmation is the one text that still goes.
    const [confirmation] = await insertPendingMessages(c.t.database.db, [
      {
        merchantId: c.merchantId,
        customerId: target.id,
        kind: 'keyword_reply',
        body: 'Stopped.',
        toAddress: target.phone,
      },
    ]);
    await c.t.queue!.send(DISPATCH_JOB, {});
    await waitFor(async () => {
      const [row] = await c.t.database.db.select().from(messages).where(eq(messages.id, confirmation!.id));
      expect(row!.status).toBe('delivered');
    });
  });

  it('marks the customer opted out when the provider answers 21610, with a consent record', async () => {
    const target = people[11]!;
    const rule = await c.t.request('/api/dev/outbox/sms/failures/', {
      method: 'POST',
      json: { to: target.phone, error_code: '21610', stage: 'send' },
    });
    expect(rule.status).toBe(204);
    const batchId = await sendTo([target, people[12]!]);
    await waitFor(async () => expect(await statusCounts(c.t, batchId)).toEqual({ failed: 1, delivered: 1 }));
    const [customer] = await c.t.database.db.select().from(customers).where(eq(customers.id, target.id));
    expect(customer!.smsOptedOutAt).not.toBeNull();
    const consent = await c.t.database.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.customerId, target.id));
    expect(consent).toMatchObject([
      { action: 'opt_out', source: 'provider', detail: '21610', channel: 'sms' },
    ]);
    const [failed] = await c.t.database.db.select().from(messages).where(eq(messages.customerId, target.id));
    expect(failed).toMatchObject({ status: 'failed', errorCode: '21610' });
  });

  it('fails a text the carrier reports undelivered (a callback rule)', async () => {
    const target = people[13]!;
    await c.t.request('/api/dev/outbox/sms/failures/', {
      method: 'POST',
      json: { to: target.phone, error_code: '30003', stage: 'callback' },
    });
    const batchId = await sendTo([target]);
    await waitFor(async () => expect(await statusCounts(c.t, batchId)).toEqual({ undelivered: 1 }));
    const batch = await batchOf(batchId);
    expect(batch.counts).toMatchObject({ failed: 1, delivered: 0 });
    // One number's rule goes alone (journeys side by side keep theirs); without ?to= every rule goes.
    await c.t.request('/api/dev/outbox/sms/failures/', {
      method: 'POST',
      json: { to: people[14]!.phone, error_code: '30003', stage: 'callback' },
    });
    const ruled = () =>
      c.t.database.db.select({ to: outboxSmsFailureRules.toAddress }).from(outboxSmsFailureRules);
    const one = await c.t.request(`/api/dev/outbox/sms/failures/?to=${encodeURIComponent(target.phone)}`, {
      method: 'DELETE',
    });
    expect(one.status).toBe(204);
    expect(await ruled()).not.toContainEqual({ to: target.phone });
    expect(await ruled()).toContainEqual({ to: people[14]!.phone });
    const cleared = await c.t.request('/api/dev/outbox/sms/failures/', { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await ruled()).toEqual([]);
  });

  it('hands an email message to the email provider', async () => {
    const target = people[14]!;
    const [written] = await insertPendingMessages(c.t.database.db, [
      {
        merchantId: c.merchantId,
        customerId: target.id,
        kind: 'system',
        channel: 'email',
        subject: 'Your receipt',
        body: 'Thank you for your payment.',
        toAddress: 'pat14@example.com',
      },
    ]);
    await c.t.queue!.send(DISPATCH_JOB, {});
    await waitFor(async () => {
      const [row] = await c.t.database.db.select().from(messages).where(eq(messages.id, written!.id));
      expect(row).toMatchObject({ status: 'sent', provider: 'outbox' });
    });
    const emails = await c.t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, 'pat14@example.com'));
    expect(emails).toMatchObject([
      { subject: 'Your receipt', text: 'Thank you for your payment.', merchantId: c.merchantId },
    ]);
  });

  it('ignores a replayed status and an older one after delivered', async () => {
    const [delivered] = await c.t.database.db
      .select()
      .from(messages)
      .where(eq(messages.customerId, people[0]!.id));
    const event = {
      provider: 'outbox',
      providerMessageId: delivered!.providerMessageId!,
      status: 'delivered' as const,
    };
    const eventsBefore = await c.t.database.db
      .select()
      .from(messageStatusEvents)
      .where(eq(messageStatusEvents.messageId, delivered!.id));
    expect(eventsBefore.map((e) => e.status).sort()).toEqual(['delivered', 'sent']);
    expect(await recordProviderStatus(c.t.database.db, event, new Date())).toMatchObject({ changed: false });
    const older = await recordProviderStatus(c.t.database.db, { ...event, status: 'sent' }, new Date());
    expect(older).toMatchObject({ changed: false, status: 'delivered' });
    const [bulk] = await recordProviderStatuses(
      c.t.database.db,
      'outbox',
      [{ ...event, status: 'queued' }],
      new Date(),
    );
    expect(bulk).toMatchObject({ changed: false, status: 'delivered' });
    const [after] = await c.t.database.db.select().from(messages).where(eq(messages.id, delivered!.id));
    expect(after).toMatchObject({ status: 'delivered', statusChangedAt: delivered!.statusChangedAt });
    const eventsAfter = await c.t.database.db
      .select()
      .from(messageStatusEvents)
      .where(eq(messageStatusEvents.messageId, delivered!.id));
    // 'queued' is recorded as an event (it was never reported) but moves nothing.
    expect(eventsAfter.map((e) => e.status).sort()).toEqual(['delivered', 'queued', 'sent']);
  });

  it('holds texts in quiet hours until the recipient’s morning, and cancel_pending stops what has not left', async () => {
    await setQuietHours(c.t, c.merchantId, '21:00', '08:00');
    const zone = 'America/Chicago';
    const now = c.t.clock.now();
    let evening = zonedInstant(zone, localDateAt(zone, now), '23:00');
    if (evening < now) evening = zonedInstant(zone, addDays(localDateAt(zone, now), 1), '23:00');
    c.t.clock.advance((evening.getTime() - now.getTime()) / 1000);
    c.admin = await c.t.demoToken('admin');
    const morning = zonedInstant(zone, addDays(localDateAt(zone, evening), 1), '08:00');

    const heldId = await sendTo([people[20]!, people[21]!]);
    const canceledId = await sendTo([people[22]!]);
    await waitFor(async () => {
      const rows = await c.t.database.db.select().from(messages).where(eq(messages.batchId, heldId));
      expect(rows.map((row) => [row.status, row.sendAfter.toISOString()])).toEqual([
        ['pending', morning.toISOString()],
        ['pending', morning.toISOString()],
      ]);
    });
    await waitFor(async () => {
      const [row] = await c.t.database.db.select().from(messages).where(eq(messages.batchId, canceledId));
      expect(row!.sendAfter.toISOString()).toBe(morning.toISOString());
    });
    const canceled = await c.t.request(`${c.base}/message_batches/${canceledId}/cancel_pending/`, {
      method: 'POST',
      token: c.admin,
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({
      counts: { canceled: 1, pending: 0 },
      canceled: expect.any(String),
    });

    c.t.clock.advance((morning.getTime() - evening.getTime()) / 1000 + 60);
    c.admin = await c.t.demoToken('admin');
    await c.t.queue!.send(DISPATCH_JOB, {});
    await waitFor(async () => expect(await statusCounts(c.t, heldId)).toEqual({ delivered: 2 }));
    expect(await statusCounts(c.t, canceledId)).toEqual({ canceled: 1 });
    const outbox = await c.t.database.db
      .select()
      .from(outboxSms)
      .where(eq(outboxSms.toAddress, people[22]!.phone));
    expect(outbox).toEqual([]);
  });
});
