import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantAccounts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { newPayableAccount, transactionsPath } from './payments-test-setup';

// Take Payment shows the convenience fee before charging (issue 16 item 4): the account's payments list answers
// the fee setting of the processing account a payment on it goes through, read-only, with the server's rule.
describe('the card fee on an account’s payments list', () => {
  let t: TestApp;
  let merchantId: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    staff = await t.demoToken('staff');
  });
  afterAll(() => t.close());

  it('the account’s payments list answers the card fee a payment on it carries, read-only', async () => {
    const to = await newPayableAccount(t, merchantId, 20_000);
    const path = transactionsPath(merchantId, to);
    expect((await t.request(path, { token: staff })).body).toMatchObject({
      count: 0,
      card_fee: { percent_bps: 295, flat_cents: 0 },
    });
    const { db: database } = t.database;
    const where = eq(merchantAccounts.merchantId, merchantId);
    const before = await database.select().from(merchantAccounts).where(where);
    try {
      await database
        .update(merchantAccounts)
        .set({ cardFeeBasisPoints: 0, convenienceFeeCents: 195 })
        .where(where);
      expect((await t.request(path, { token: staff })).body.card_fee).toEqual({
        percent_bps: null,
        flat_cents: 195,
      });
      await database.update(merchantAccounts).set({ status: 'inactive' }).where(where);
      expect((await t.request(path, { token: staff })).body.card_fee).toBeNull();
    } finally {
      for (const row of before)
        await database
          .update(merchantAccounts)
          .set({
            status: row.status,
            cardFeeBasisPoints: row.cardFeeBasisPoints,
            convenienceFeeCents: row.convenienceFeeCents,
          })
          .where(eq(merchantAccounts.id, row.id));
    }
  });
});
