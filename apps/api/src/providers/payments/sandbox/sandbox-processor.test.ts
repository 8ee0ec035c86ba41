import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { sandboxProcessorMethods } from '../../../db/schema';
import { createTestClock } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { ProcessorError, type PaymentProcessor, type ProcessorMethod } from '../payment-processor';
import { EntryRejected, saveSandboxBankAccount, saveSandboxCard, type CardEntry } from './sandbox-entry';
import { createSandboxProcessor } from './sandbox-processor';

// The offline processor answers like a real one: test numbers decide the outcome, bank debits settle or come
// back after a delay, idempotency keys are honoured as Stripe honours them, and no number is kept.
describe('sandbox processor', () => {
  let database: Database;
  const clock = createTestClock(new Date('2026-11-25T15:00:00Z'));
  let processor: PaymentProcessor;
  const account = 'acct_sandbox_test';
  let keys = 0;
  const card = (card_number: string): CardEntry => ({
    card_number,
    exp_month: '12',
    exp_year: '2030',
    cvc: '123',
  });
  const saveCard = (number: string) =>
    saveSandboxCard(database.db, { processorAccountId: account, entry: card(number), now: clock.now() });
  const chargeOnce = (method: ProcessorMethod, amountCents = 12_345) => {
    keys += 1;
    return processor.charge({
      idempotencyKey: `key-${keys}`,
      processorAccountId: account,
      methodToken: method.token,
      amountCents,
      reference: `attempt-${keys}`,
    });
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

  it('looks up brand and funding by BIN, unknown funding for a BIN it does not list', async () => {
    expect(await processor.lookupBin('424242')).toEqual({ bin: '424242', brand: 'visa', funding: 'credit' });
    expect(await processor.lookupBin('40000566')).toEqual({ bin: '400005', brand: 'visa', funding: 'debit' });
    expect(await processor.lookupBin('400008')).toMatchObject({ funding: 'prepaid' });
    expect(await processor.lookupBin('520082')).toEqual({
      bin: '520082',
      brand: 'mastercard',
      funding: 'debit',
    });
    expect(await processor.lookupBin('378282')).toMatchObject({ brand: 'amex', funding: 'credit' });
    expect(await processor.lookupBin('411111')).toEqual({ bin: '411111', brand: 'visa', funding: 'unknown' });
    expect(await processor.lookupBin('999999')).toEqual({
      bin: '999999',
      brand: 'unknown',
      funding: 'unknown',
    });
  });

  it('refuses a bad card entry with the field messages and keeps nothing', async () => {
    const refusal = async (entry: CardEntry) => {
      const error = await saveSandboxCard(database.db, {
        processorAccountId: account,
        entry,
        now: clock.now(),
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EntryRejected);
      return (error as EntryRejected).fieldErrors;
    };
    expect(await refusal(card('42424242424242'))).toEqual({
      card_number: ['card_number must be at least 15 characters'],
    });
    expect(await refusal(card('42424242424242424'))).toEqual({
      card_number: ['card_number can be at most 16 characters'],
    });
    expect(await refusal(card('9999999999999999'))).toEqual({ card_number: ['Invalid card type'] });
    expect(await refusal(card('4242424242424241'))).toEqual({ card_number: ['Invalid card number'] });
    expect(await refusal({ ...card('4242424242424242'), exp_month: '10', exp_year: '2026' })).toEqual({
      exp_month: ['Invalid expiration date'],
    });
    expect(await refusal({ ...card('378282246310005'), cvc: '123' })).toEqual({
      cvc: ['Invalid security code'],
    });
    expect(await database.db.select().from(sandboxProcessorMethods)).toEqual([]);
  });

  it('keeps brand, funding and the last four of a card, never its number', async () => {
    const method = await saveCard('4000 0566 5566 5556');
    expect(method).toMatchObject({
      kind: 'card',
      brand: 'visa',
      funding: 'debit',
      last4: '5556',
      expYear: 2030,
    });
    expect(await processor.findMethod({ processorAccountId: account, token: method.token })).toEqual(method);
    expect(await processor.findMethod({ processorAccountId: 'acct_other', token: method.token })).toBeNull();
    const stored = JSON.stringify(await database.db.select().from(sandboxProcessorMethods));
    expect(stored).not.toContain('4000056655665556');
    expect(stored).not.toContain('55665556');
  });

  it('charges by test number: success, and each decline with its code and reason', async () => {
    expect(await chargeOnce(await saveCard('4242424242424242'))).toMatchObject({
      status: 'succeeded',
      amountCents: 12_345,
      failureCode: null,
    });
    const declines: Array<[string, string]> = [
      ['4000000000000002', 'card_declined'],
      ['4000000000009995', 'insufficient_funds'],
      ['4000000000000069', 'expired_card'],
      ['4000000000000119', 'processing_error'],
    ];
    for (const [number, code] of declines) {
      const charge = await chargeOnce(await saveCard(number));
      expect(charge).toMatchObject({ status: 'failed', failureCode: code });
      expect(charge.failureMessage).toMatch(/card/i);
    }
  });

  it('the delayed card and bank debits are processing until their time, then settle or come back', async () => {
    const delayed = await chargeOnce(await saveCard('4000000000000077'));
    const bank = (account_number: string) =>
      saveSandboxBankAccount(database.db, {
        processorAccountId: account,
        entry: { routing_number: '110000000', account_number, account_type: 'checking' },
        now: clock.now(),
      });
    const settles = await chargeOnce(await bank('000123456789'));
    const returned = await chargeOnce(await bank('000222222227'));
    for (const charge of [delayed, settles, returned]) expect(charge.status).toBe('processing');

    clock.advance(5);
    const find = (reference: string) => processor.findCharge({ processorAccountId: account, reference });
    expect(await find(delayed.reference)).toMatchObject({ status: 'succeeded' });
    expect(await find(settles.reference)).toMatchObject({ status: 'processing' });

    clock.advance(60);
    expect(await find(settles.reference)).toMatchObject({ status: 'succeeded' });
    expect(await find(returned.reference)).toMatchObject({ status: 'returned', failureCode: 'R01' });
  });

  it('refuses a bank account with a bad routing number', async () => {
    const error = await saveSandboxBankAccount(database.db, {
      processorAccountId: account,
      entry: { routing_number: '110000001', account_number: '000123456789', account_type: 'checking' },
      now: clock.now(),
    }).catch((caught: unknown) => caught);
    expect((error as EntryRejected).fieldErrors).toEqual({ routing_number: ['Invalid routing number'] });
  });

  it('a replayed key answers the first charge, concurrent replays charge once, other parameters are refused', async () => {
    const method = await saveCard('5555555555554444');
    const request = {
      idempotencyKey: 'replayed-key',
      processorAccountId: account,
      methodToken: method.token,
      amountCents: 5_000,
      reference: 'attempt-replayed',
    };
    const answers = await Promise.all([1, 2, 3, 4].map(() => processor.charge(request)));
    const ids = new Set(answers.map((answer) => answer.processorChargeId));
    expect(ids.size).toBe(1);
    expect(await processor.charge(request)).toEqual(answers[0]);

    const reuse = await processor
      .charge({ ...request, amountCents: 5_001 })
      .catch((caught: unknown) => caught);
    expect(reuse).toBeInstanceOf(ProcessorError);
    expect(reuse).toMatchObject({ code: 'idempotency_key_in_use', isAmbiguous: false });
  });

  it('the lost-answer card charges, answers with an ambiguous error once, and is found and replayed after', async () => {
    const method = await saveCard('4000000000000341');
    const request = {
      idempotencyKey: 'lost-answer-key',
      processorAccountId: account,
      methodToken: method.token,
      amountCents: 7_000,
      reference: 'attempt-lost-answer',
    };
    const lost = await processor.charge(request).catch((caught: unknown) => caught);
    expect(lost).toMatchObject({ code: 'connection_reset', isAmbiguous: true });
    const found = await processor.findCharge({ processorAccountId: account, reference: request.reference });
    expect(found).toMatchObject({ status: 'succeeded', amountCents: 7_000 });
    expect(await processor.charge(request)).toEqual(found);
  });

  it('finds a charge by our reference for reconciliation, and nothing for a reference it never saw', async () => {
    const charge = await chargeOnce(await saveCard('6011111111111117'));
    expect(await processor.findCharge({ processorAccountId: account, reference: charge.reference })).toEqual(
      charge,
    );
    expect(await processor.findCharge({ processorAccountId: account, reference: 'never-sent' })).toBeNull();
  });

  it('refuses an unknown method and an amount that is not a positive number of cents', async () => {
    const unknown = await processor
      .charge({
        idempotencyKey: 'k-x',
        processorAccountId: account,
        methodToken: 'sbx_pm_nope',
        amountCents: 100,
        reference: 'r-x',
      })
      .catch((caught: unknown) => caught);
    expect(unknown).toMatchObject({ code: 'resource_missing', isAmbiguous: false });
    const method = await saveCard('4242424242424242');
    for (const amountCents of [0, -5, 10.5]) {
      const bad = await processor
        .charge({
          idempotencyKey: `k-${amountCents}`,
          processorAccountId: account,
          methodToken: method.token,
          amountCents,
          reference: 'r',
        })
        .catch((caught: unknown) => caught);
      expect(bad).toMatchObject({ code: 'amount_invalid' });
    }
  });
});
