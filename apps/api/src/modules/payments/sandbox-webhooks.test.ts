import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, processorEvents, sandboxProcessorEvents } from '../../db/schema';
import {
  collectSandboxEvents,
  deliverSandboxEvents,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxBody,
  type SandboxWebhookDisorder,
} from '../../providers/payments/sandbox/sandbox-webhooks';
import { createTestApp, type TestApp } from '../../test/app';
import {
  amountDueOf,
  ledgerOf,
  newPayableAccount,
  saveTestBankAccount,
  saveTestCard,
  transactionsPath,
} from './payments-test-setup';
import { SANDBOX_WEBHOOK_PATH } from './processor-webhooks.routes';

// The sandbox tells Paylane what its charges did the way a processor does: signed POSTs to our webhook,
// retried until answered, and — on request — each twice and a batch newest first. Whatever the order, a
// payment moves forward once and its ledger is posted once.
describe('sandbox webhooks', () => {
  let t: TestApp;
  let merchantId: string;
  let staff: string;
  let keys = 0;

  const webhookUrl = () => {
    const address = t.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('test app is not listening');
    return `http://127.0.0.1:${address.port}${SANDBOX_WEBHOOK_PATH}`;
  };
  const deliver = (disorder: SandboxWebhookDisorder = 'none', url = webhookUrl()) =>
    deliverSandboxEvents({
      db: t.database.db,
      now: t.clock.now(),
      url,
      secret: t.config.payments.sandbox.webhookSecret,
      disorder,
    });
  const collect = () => collectSandboxEvents(t.database.db, t.clock.now());
  const take = async (number: string, kind: 'card' | 'bank') => {
    const to = await newPayableAccount(t, merchantId, 50_000);
    const method =
      kind === 'card'
        ? await saveTestCard(t, { merchantId, ...to }, number, 'DEBIT')
        : await saveTestBankAccount(t, { merchantId, ...to }, number);
    const answer = await t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: staff,
      headers: { 'Idempotency-Key': `sandbox-webhook-${++keys}` },
      json: { amount: '100.00', payment_method: method },
    });
    return { to, paymentId: answer.body.id as string, status: answer.body.status as string };
  };
  const statusOf = async (paymentId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status;
  const eventsOf = (paymentId: string) =>
    t.database.db
      .select({ type: processorEvents.type })
      .from(processorEvents)
      .where(eq(processorEvents.paymentId, paymentId));

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_PROCESSOR_DELAY_MS: '5000', SANDBOX_BANK_SETTLE_MS: '60000' });
    merchantId = await t.demoMerchantId();
    staff = await t.demoToken('staff');
    // The demo's own card and bank payments are announced first, so each test counts only its own events.
    await collect();
    await deliver();
  });
  afterAll(() => t.close());

  it('a bank debit is announced processing, then settled: the payment is PAID once, by the webhook', async () => {
    const taken = await take('000123456789', 'bank');
    expect(taken.status).toBe('PROCESSING');
    await collect();
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(await statusOf(taken.paymentId)).toBe('processing');

    t.clock.advance(61);
    await collect();
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(await statusOf(taken.paymentId)).toBe('paid');
    expect(await ledgerOf(t, taken.to.accountId)).toEqual([{ kind: 'payment', amountCents: 10_000 }]);
    expect(await amountDueOf(t, taken.to.accountId)).toBe(40_000);
    expect((await eventsOf(taken.paymentId)).map((event) => event.type).sort()).toEqual([
      'charge.processing',
      'charge.succeeded',
    ]);
    // Nothing more to say about it: a later sweep writes and delivers nothing.
    await collect();
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
  });

  it('duplicated and out-of-order deliveries change nothing more than one in order would', async () => {
    const delayed = await take('4000000000000077', 'card');
    const returned = await take('000111111113', 'bank');
    expect([delayed.status, returned.status]).toEqual(['PROCESSING', 'PROCESSING']);
    await collect();
    t.clock.advance(61);
    await collect();
    // Newest first, each twice: the final events arrive before the 'processing' ones, and all of them again.
    expect(await deliver('duplicate_and_reorder')).toEqual({ delivered: 4, failed: 0 });
    expect(await statusOf(delayed.paymentId)).toBe('paid');
    expect(await statusOf(returned.paymentId)).toBe('returned');
    // The delayed test card is a credit card: its 2.95 % fee is a line of its own, posted once too.
    expect(await ledgerOf(t, delayed.to.accountId)).toEqual([
      { kind: 'payment', amountCents: 10_000 },
      { kind: 'fee', amountCents: 295 },
    ]);
    expect(await ledgerOf(t, returned.to.accountId)).toEqual([]);
    const [failedPayment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, returned.paymentId));
    expect(failedPayment).toMatchObject({ failureCode: 'R02' });
    expect(await eventsOf(delayed.paymentId)).toHaveLength(2);
  });

  it('a delivery our endpoint does not take is retried later with backoff, and then arrives', async () => {
    const taken = await take('000123456789', 'bank');
    await collect();
    const missing = webhookUrl().replace(SANDBOX_WEBHOOK_PATH, '/api/webhooks/nowhere/');
    expect(await deliver('none', missing)).toEqual({ delivered: 0, failed: 1 });
    const event = (await t.database.db.select().from(sandboxProcessorEvents)).find(
      (row) => row.charge.reference === taken.paymentId,
    );
    expect(event).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'HTTP 404' });
    // Not due again until the backoff has passed.
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    t.clock.advance(11);
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(await eventsOf(taken.paymentId)).toEqual([{ type: 'charge.processing' }]);
  });

  it('refuses a bad, stale or missing signature and a tampered body, and stores nothing', async () => {
    const taken = await take('000123456789', 'bank');
    const body = JSON.stringify({
      id: 'sbx_evt_forged',
      type: 'charge.succeeded',
      account: '',
      data: {
        object: {
          processorChargeId: 'sbx_ch_forged',
          reference: taken.paymentId,
          amountCents: 10_000,
          status: 'succeeded',
          failureCode: null,
          failureMessage: null,
        },
      },
    });
    const secret = t.config.payments.sandbox.webhookSecret;
    const attempts = [
      signSandboxBody(body, 'whsec_somebody_else_entirely', t.clock.now()),
      signSandboxBody(body, secret, new Date(t.clock.now().getTime() - 301_000)),
      signSandboxBody(body.replace('10000', '1'), secret, t.clock.now()),
      undefined,
    ];
    for (const signature of attempts) {
      const answer = await t.request(SANDBOX_WEBHOOK_PATH, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}),
        },
        body,
      });
      expect(answer).toMatchObject({ status: 400, body: { detail: 'Invalid signature.' } });
    }
    expect(await eventsOf(taken.paymentId)).toEqual([]);
    expect(await statusOf(taken.paymentId)).toBe('processing');
  });
});
