import { messages as catalogue } from '@paylane/shared/messages';
import { receiptMessages } from '@paylane/shared/contracts/receipts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEvents, customers, messages } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  saveTestCard,
  startPaymentTestApp,
  transactionsPath,
  type AccountRef,
  type PaymentTestApp,
} from '../payments/payments-test-setup';
import { postLedgerEntries } from '../payments/payments.repository';
import { newReceiptCustomer, refundEntries } from './receipts-test-setup';

// send_receipt (issue 17 item 2): the receipt by email or text to the address on file, through the outbox,
// once per Idempotency-Key however often it is clicked, refused in the spec's words after an opt-out, and
// written in the customer's history.
describe('send_receipt', () => {
  let t: TestApp;
  let merchantId: string;
  let staff: string;
  let pay: PaymentTestApp['pay'];
  let keys = 0;

  const send = (to: AccountRef, paymentId: string, channel: string, key: string | null = `send-${++keys}`) =>
    t.request(`${transactionsPath(merchantId, to)}${paymentId}/send_receipt/`, {
      method: 'POST',
      token: staff,
      json: { channel },
      headers: key ? { 'Idempotency-Key': key } : {},
    });
  const receiptsTo = (customerId: string) =>
    t.database.db
      .select({
        channel: messages.channel,
        kind: messages.kind,
        subject: messages.subject,
        body: messages.body,
        toAddress: messages.toAddress,
      })
      .from(messages)
      .where(and(eq(messages.customerId, customerId), eq(messages.kind, 'system')));
  const receiptEvents = (customerId: string) =>
    t.database.db
      .select({ details: customerEvents.details })
      .from(customerEvents)
      .where(and(eq(customerEvents.customerId, customerId), eq(customerEvents.kind, 'receipt.sent')));

  /** A card payment of $100.00 with its $2.95 fee; the THANKS text it queued is left out of what is read. */
  async function cardPayment(contact?: Parameters<typeof newReceiptCustomer>[2]) {
    const to = await newReceiptCustomer(t, merchantId, contact);
    const card = await saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT');
    const paid = await pay(to, { amount: '100.00', payment_method: card });
    await t.database.db.delete(messages).where(eq(messages.customerId, to.customerId));
    return { to, paid };
  }

  beforeAll(async () => {
    ({ t, merchantId, staff, pay } = await startPaymentTestApp());
  });
  afterAll(() => t.close());

  it('emails the plain receipt once per key, however often the same request comes', async () => {
    const { to, paid } = await cardPayment({ email: 'rita.receipt@example.com' });
    await postLedgerEntries(
      t.database.db,
      refundEntries(
        { merchantId, id: paid.id, accountId: to.accountId },
        { amountCents: 1_000, feeCents: 0, at: t.clock.now() },
      ),
    );
    const answers = await Promise.all([1, 2, 3].map(() => send(to, paid.id, 'email', 'double-click')));
    for (const answer of answers) expect(answer.status).toBe(201);
    expect(new Set(answers.map((answer) => answer.body.message_id)).size).toBe(1);
    expect(answers[0]!.body).toMatchObject({ channel: 'email', to: 'rita.receipt@example.com' });

    const sent = await receiptsTo(to.customerId);
    expect(sent).toEqual([
      {
        channel: 'email',
        kind: 'system',
        subject: 'Your payment receipt from Demo Motors',
        toAddress: 'rita.receipt@example.com',
        body: expect.stringContaining('Convenience fee: $2.95'),
      },
    ]);
    expect(sent[0]!.body).toContain('Payment method: VISA •••• 4242');
    expect(sent[0]!.body).toMatch(/Refund \d\d\/\d\d\/\d{4}, .*: \(\$10\.00\)/);
    expect(await receiptEvents(to.customerId)).toEqual([
      {
        details: {
          payment_id: paid.id,
          channel: 'email',
          to: 'rita.receipt@example.com',
          total_amount_cents: 10_295,
        },
      },
    ]);

    // Another click of the dialog (a new key) sends another copy.
    expect((await send(to, paid.id, 'email')).status).toBe(201);
    expect(await receiptsTo(to.customerId)).toHaveLength(2);
  });

  it('texts a short receipt to the phone on file', async () => {
    const { to, paid } = await cardPayment();
    const answer = await send(to, paid.id, 'text');
    expect(answer.status).toBe(201);
    expect(answer.body.to).toMatch(/^\(555\) 02\d-\d{4}$/);
    const [text] = await receiptsTo(to.customerId);
    expect(text!.channel).toBe('sms');
    expect(text!.body).toMatch(
      /^Demo Motors receipt: \$102\.95 paid on account RC-\d+ with VISA •••• 4242 on \d\d\/\d\d\/\d{4}, .+ \(incl\. \$2\.95 convenience fee\)\. Confirmation [0-9A-F]{8}\./,
    );
    expect(text!.body.length).toBeLessThanOrEqual(300);
  });

  it('refuses an opted-out customer in the spec’s words, a missing address, and a payment never taken', async () => {
    const { to, paid } = await cardPayment({ email: null });
    expect(await send(to, paid.id, 'email')).toMatchObject({
      status: 400,
      body: { channel: [receiptMessages.noEmail] },
    });
    await t.database.db
      .update(customers)
      .set({ smsOptedOutAt: t.clock.now() })
      .where(eq(customers.id, to.customerId));
    expect(await send(to, paid.id, 'text')).toMatchObject({
      status: 400,
      body: { non_field_errors: [catalogue.optedOut] },
    });
    expect(catalogue.optedOut).toBe('The customer has opted out of email or text messages');

    const emailed = await cardPayment();
    await t.database.db
      .update(customers)
      .set({ emailOptedOutAt: t.clock.now() })
      .where(eq(customers.id, emailed.to.customerId));
    expect((await send(emailed.to, emailed.paid.id, 'email')).body).toEqual({
      non_field_errors: [catalogue.optedOut],
    });
    expect(await receiptsTo(to.customerId)).toEqual([]);
    expect(await receiptsTo(emailed.to.customerId)).toEqual([]);

    const declined = await newReceiptCustomer(t, merchantId);
    const card = await saveTestCard(t, { merchantId, ...declined }, '4000000000000002', 'CREDIT');
    const failed = await pay(declined, { amount: '10.00', payment_method: card });
    expect(failed.status).toBe('FAILED');
    expect((await send(declined, failed.id, 'email')).body).toEqual({
      non_field_errors: [receiptMessages.notTaken],
    });
    expect((await send(to, paid.id, 'fax')).status).toBe(400);
  });
});
