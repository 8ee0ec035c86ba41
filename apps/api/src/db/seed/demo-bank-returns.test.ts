import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCipher } from '../../lib/encryption';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../client';
import { accounts, customerEvents, paymentMethods, paymentReturns, payments } from '../schema';
import { seedDemoIfEmpty } from './demo';

// The demo's bank returns (demo-bank-returns.ts): an R01 re-presented and settled, an R02 whose method is
// retired, an R10 after settlement that stopped the account's autopay — each in the /ach-return report.
describe('the demo’s bank returns', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db, createCipher('demo-seed-test-key'), new Date());
  });
  afterAll(() => database.close());

  it('records R01 re-presented, R02 retiring its method and R10 stopping autopay, with their history', async () => {
    const rows = await database.db.select().from(paymentReturns).orderBy(paymentReturns.code);
    expect(rows.map((row) => [row.code, row.action, row.wasSettled])).toEqual([
      ['R01', 'represent', false],
      ['R02', 'retire_method', false],
      ['R10', 'stop_autopay', true],
    ]);
    const [again] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.id, rows[0]!.representPaymentId!));
    expect(again).toMatchObject({ status: 'paid', idempotencyKey: `represent:${rows[0]!.paymentId}:1` });
    const retired = await database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.retiredReason, 'R02 Account closed'));
    expect(retired).toHaveLength(1);
    const [r10] = await database.db.select().from(payments).where(eq(payments.id, rows[2]!.paymentId));
    const [account] = await database.db.select().from(accounts).where(eq(accounts.id, r10!.accountId!));
    expect(account!.autopayEnabled).toBe(false);
    const kinds = new Set(
      (await database.db.select({ kind: customerEvents.kind }).from(customerEvents)).map((row) => row.kind),
    );
    for (const kind of [
      'autopay.stopped',
      'payment.represented',
      'payment.returned',
      'payment_method.retired',
    ])
      expect(kinds).toContain(kind);
  });
});
