import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/app';
import { accountPath, linksOf, newPayer, tokenOf } from './pay-links-test-setup';

// The pay page with the account's PIN (issue 16 item 6): an account with a PIN asks for it first, either way
// verifies, a wrong PIN answers 'Pins do not match' on the pin field, and both ways share the 5-answer lock.
describe('pay page PIN', () => {
  let t: TestApp;
  let merchantId: string;

  const open = (token: string) => t.request(`/api/pay/${token}/`);
  const verify = (token: string, json: unknown) =>
    t.request(`/api/pay/${token}/verify/`, { method: 'POST', json });
  const rightAnswer = { last_name: "O'Payer", date_of_birth: '1990-04-12' };

  /** A link to a new payer's account, with `pin` as the account's PIN when given. */
  async function newLink(pin?: string) {
    const to = await newPayer(t, merchantId);
    if (pin) {
      await t.database.db
        .update(accounts)
        .set({ payPinHash: await hashPassword(pin) })
        .where(eq(accounts.id, to.accountId));
    }
    const answer = await t.request(`${accountPath(merchantId, to)}/create_payment_link/`, {
      method: 'POST',
      token: await t.demoToken('staff'),
      json: {},
    });
    expect(answer.status).toBe(201);
    return { to, token: tokenOf(answer.body.payment_link) };
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_IP: '500' });
    merchantId = await t.demoMerchantId();
  });
  afterAll(() => t.close());

  it('says verify_with pin when the account has one, without showing it; opening changes nothing', async () => {
    const withPin = await newLink('4821');
    const before = await linksOf(t, withPin.to.accountId);
    const answer = await open(withPin.token);
    expect(answer.body.verify_with).toBe('pin');
    expect(JSON.stringify(answer.body)).not.toContain('4821');
    expect(JSON.stringify(answer.body)).not.toContain('argon2');
    expect(await linksOf(t, withPin.to.accountId)).toEqual(before);
    const without = await newLink();
    expect((await open(without.token)).body.verify_with).toBe('last_name_and_date_of_birth');
  });

  it("verifies with the right PIN; a wrong one answers 'Pins do not match' on the pin field", async () => {
    const { token } = await newLink('482100');
    const wrong = await verify(token, { pin: '482101' });
    expect(wrong).toMatchObject({ status: 400, body: { pin: ['Pins do not match'] } });
    const right = await verify(token, { pin: ' 482100 ' });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ customer: { last_name: "O'Payer" } });
    expect(right.body.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('still accepts last name and date of birth when the account has a PIN', async () => {
    const { token } = await newLink('4821');
    const wrong = await verify(token, { last_name: 'Smith', date_of_birth: '1990-04-12' });
    expect(wrong.body).toEqual({ non_field_errors: ['Provided information does not match customer record'] });
    expect((await verify(token, rightAnswer)).status).toBe(200);
  });

  it('answers a PIN for an account without one as a wrong PIN', async () => {
    const { token } = await newLink();
    expect(await verify(token, { pin: '0000' })).toMatchObject({
      status: 400,
      body: { pin: ['Pins do not match'] },
    });
  });

  it('locks the link after 5 wrong answers mixed across both ways; the right PIN waits too', async () => {
    const { token } = await newLink('4821');
    const wrongName = { last_name: 'Nobody', date_of_birth: '1990-04-12' };
    const answers = [];
    for (const body of [{ pin: '1111' }, wrongName, { pin: '2222' }, wrongName, { pin: '3333' }]) {
      answers.push((await verify(token, body)).status);
    }
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    const locked = await verify(token, { pin: '4821' });
    expect(locked).toMatchObject({ status: 429, body: { detail: 'Too many requests. Try again later.' } });
    expect((await verify(token, rightAnswer)).status).toBe(429);
    t.clock.advance(15 * 60);
    expect((await verify(token, { pin: '4821' })).status).toBe(200);
  });

  it('counts wrong PINs sent at once: at most 5 are checked', async () => {
    const { token } = await newLink('4821');
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, index) => verify(token, { pin: `900${index}` })),
    );
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(2);
  });
});
