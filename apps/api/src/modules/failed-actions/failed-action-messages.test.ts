import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as catalogue } from '@paylane/shared/messages';
import { customers, messages } from '../../db/schema';
import { recordProviderStatus } from '../messaging/message-status.service';
import { newPayableAccount, startPaymentTestApp, type PaymentTestApp } from '../payments/payments-test-setup';

type FailedActionsTestApp = PaymentTestApp & {
  list: (query: string) => ReturnType<PaymentTestApp['t']['request']>;
  post: (path: string) => ReturnType<PaymentTestApp['t']['request']>;
};

async function startFailedActionsTestApp(): Promise<FailedActionsTestApp> {
  const base = await startPaymentTestApp();
  const root = `/api/merchants/${base.merchantId}/failed-actions/`;
  return {
    ...base,
    list: (query) => base.t.request(`${root}${query}`, { token: base.staff }),
    post: (path) => base.t.request(`${root}${path}`, { method: 'POST', token: base.staff, json: {} }),
  };
}

// A text that becomes undeliverable is a failed action (written by the statement that moved it); retry sends it
// again once through the outbox under retry:{actionId}; a customer who opted out must be resolved by hand.
describe('failed actions: messages', () => {
  let f: FailedActionsTestApp;
  let sent = 0;

  beforeAll(async () => {
    f = await startFailedActionsTestApp();
  });
  afterAll(() => f.t.close());

  /** A text handed to the outbox provider, then reported undelivered by it. */
  async function undeliveredText() {
    const { db } = f.t.database;
    const to = await newPayableAccount(f.t, f.merchantId);
    const providerMessageId = `SM-failed-${++sent}`;
    // The number was corrected since the text failed: the resend goes to the current one.
    const phone = `+1500555${String(1000 + sent)}`;
    await db.update(customers).set({ smsPhoneNumber: phone }).where(eq(customers.id, to.customerId));
    const [message] = await db
      .insert(messages)
      .values({
        merchantId: f.merchantId,
        customerId: to.customerId,
        accountId: to.accountId,
        direction: 'outbound',
        kind: 'chat',
        body: 'Your payment is due Friday',
        toAddress: '+15005550001',
        status: 'sent',
        provider: 'outbox',
        providerMessageId,
      })
      .returning();
    const event = {
      provider: 'outbox',
      providerMessageId,
      status: 'undelivered' as const,
      errorCode: '30003',
    };
    await recordProviderStatus(
      db,
      { ...event, errorMessage: 'Unreachable destination handset' },
      f.t.clock.now(),
    );
    // A replayed callback is still one action.
    await recordProviderStatus(db, event, f.t.clock.now());
    const { body } = await f.list('?kind=message&page_size=1000');
    const action = body.results.find((a: { message_id: string }) => a.message_id === message!.id);
    return { ...to, messageId: message!.id, action, phone };
  }

  const resendsOf = (actionId: string) =>
    f.t.database.db
      .select({ id: messages.id, toAddress: messages.toAddress, status: messages.status })
      .from(messages)
      .where(and(eq(messages.merchantId, f.merchantId), like(messages.idempotencyKey, `retry:${actionId}%`)));

  it('an undelivered text is one open message action with the provider reason', async () => {
    const { action, customerId } = await undeliveredText();
    expect(action).toMatchObject({
      kind: 'message',
      state: 'open',
      customer: { id: customerId },
      reason_code: '30003',
      reason_message: 'Unreachable destination handset',
      amount: null,
      is_retryable: true,
    });
    const all = await f.list('?kind=message&page_size=1000');
    expect(all.body.results.filter((a: { id: string }) => a.id === action.id)).toHaveLength(1);
  });

  it('retry resends once to the current number and resolves; two at once send one text', async () => {
    const { action, phone } = await undeliveredText();
    const [one, two] = await Promise.all([f.post(`${action.id}/retry/`), f.post(`${action.id}/retry/`)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body).toMatchObject({ state: 'retried', retry_message_id: expect.any(String) });
    expect(two.body.retry_message_id).toBe(one.body.retry_message_id);
    const resends = await resendsOf(action.id);
    expect(resends).toHaveLength(1);
    expect(resends[0]).toMatchObject({ id: one.body.retry_message_id, toAddress: phone });
  });

  it('a resend that fails again reopens the action with the new reason', async () => {
    const { action } = await undeliveredText();
    const retried = await f.post(`${action.id}/retry/`);
    const { db } = f.t.database;
    await db
      .update(messages)
      .set({ status: 'sent', provider: 'outbox', providerMessageId: `SM-resend-${action.id}` })
      .where(eq(messages.id, retried.body.retry_message_id));
    await recordProviderStatus(
      db,
      {
        provider: 'outbox',
        providerMessageId: `SM-resend-${action.id}`,
        status: 'failed',
        errorCode: '30005',
      },
      f.t.clock.now(),
    );
    const { body } = await f.list('?kind=message&state=open&page_size=1000');
    expect(body.results.find((a: { id: string }) => a.id === action.id)).toMatchObject({
      state: 'open',
      reason_code: '30005',
      retry_count: 1,
    });
  });

  it('a customer who opted out must be resolved by hand', async () => {
    const { action, customerId } = await undeliveredText();
    await f.t.database.db
      .update(customers)
      .set({ smsOptedOutAt: f.t.clock.now() })
      .where(eq(customers.id, customerId));
    const answer = await f.post(`${action.id}/retry/`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: catalogue.manualResolve });
    expect(await resendsOf(action.id)).toEqual([]);
  });
});
