import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { createTestClock } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { ProcessorError, type PaymentProcessor, type RefundRequest } from '../payment-processor';
import { saveSandboxCard } from './sandbox-entry';
import { createSandboxProcessor } from './sandbox-processor';

// The sandbox's refunds answer as Stripe's do: in part and repeatedly up to what is left, a replayed key
// answers the first refund, another request under the key is refused, and a test card's refunds fail.
describe('sandbox refunds', () => {
  let database: Database;
  const clock = createTestClock(new Date('2026-11-25T15:00:00Z'));
  let processor: PaymentProcessor;
  const account = 'acct_sandbox_refunds';
  let keys = 0;

  async function charged(number = '4242424242424242', amountCents = 10_000) {
    const method = await saveSandboxCard(database.db, {
      processorAccountId: account,
      entry: { card_number: number, exp_month: '12', exp_year: '2030', cvc: '123' },
      now: clock.now(),
    });
    keys += 1;
    return processor.charge({
      idempotencyKey: `charge-${keys}`,
      processorAccountId: account,
      methodToken: method.token,
      amountCents,
      reference: `payment-${keys}`,
    });
  }
  const refundOf = (processorChargeId: string, amountCents: number): RefundRequest => {
    keys += 1;
    return {
      idempotencyKey: `refund-${keys}`,
      processorAccountId: account,
      processorChargeId,
      amountCents,
      reference: `refund-row-${keys}`,
    };
  };
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProcessorError);
    return error as ProcessorError;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    processor = createSandboxProcessor({
      db: database.db,
      now: clock.now,
      delayMs: 5_000,
      bankSettleMs: 60_000,
    });
  });
  afterAll(async () => database.close());

  it('refunds in part, repeatedly, never beyond the charge', async () => {
    const charge = await charged();
    const first = refundOf(charge.processorChargeId, 6_000);
    expect(await processor.refund(first)).toMatchObject({
      status: 'succeeded',
      amountCents: 6_000,
      reference: first.reference,
    });
    expect(await refusal(processor.refund(refundOf(charge.processorChargeId, 4_001)))).toMatchObject({
      code: 'amount_too_large',
      isAmbiguous: false,
    });
    expect(await processor.refund(refundOf(charge.processorChargeId, 4_000))).toMatchObject({
      status: 'succeeded',
    });
    expect(await refusal(processor.refund(refundOf(charge.processorChargeId, 1)))).toMatchObject({
      code: 'charge_already_refunded',
    });
    expect(
      await processor.findRefund({
        processorAccountId: account,
        processorChargeId: charge.processorChargeId,
        reference: first.reference,
      }),
    ).toMatchObject({ amountCents: 6_000 });
    expect(
      await processor.findRefund({
        processorAccountId: account,
        processorChargeId: charge.processorChargeId,
        reference: 'never-sent',
      }),
    ).toBeNull();
  });

  it('a replayed key answers the first refund, even four at once; other parameters under it are refused', async () => {
    const charge = await charged();
    const request = refundOf(charge.processorChargeId, 2_500);
    const answers = await Promise.all([1, 2, 3, 4].map(() => processor.refund(request)));
    expect(new Set(answers.map((answer) => answer.processorRefundId)).size).toBe(1);
    expect(await refusal(processor.refund({ ...request, amountCents: 2_600 }))).toMatchObject({
      code: 'idempotency_key_in_use',
    });
    // Only the one refund took money: 7,500 is still left.
    expect(await processor.refund(refundOf(charge.processorChargeId, 7_500))).toMatchObject({
      status: 'succeeded',
    });
  });

  it('refunds of the test card 4000 0000 0000 5126 fail; an unknown charge is refused', async () => {
    const charge = await charged('4000000000005126');
    expect(charge.status).toBe('succeeded');
    expect(await processor.refund(refundOf(charge.processorChargeId, 1_000))).toMatchObject({
      status: 'failed',
      failureCode: 'refund_failed',
    });
    expect(await refusal(processor.refund(refundOf('sbx_ch_unknown', 1_000)))).toMatchObject({
      code: 'resource_missing',
    });
  });
});
