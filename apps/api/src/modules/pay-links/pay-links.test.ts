import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, payLinks } from '../../db/schema';
import { hashSecret } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import { accountPath, linksOf, newPayer, tokenOf, type Payer } from './pay-links-test-setup';

// Pay links (issue 16 item 6): staff make an unguessable, expiring link; anyone holding it sees only masked
// data, and opening it changes nothing; the payer verifies with the spec's messages, at most 5 wrong answers
// before the link locks for 15 minutes.
describe('pay links', () => {
  const logLines: string[] = [];
  let t: TestApp;
  let merchantId: string;

  // Signed in per call: the tests move the clock past an access token's 10 minutes.
  const createLink = async (to: Payer, token?: string) =>
    t.request(`${accountPath(merchantId, to)}/create_payment_link/`, {
      method: 'POST',
      token: token ?? (await t.demoToken('staff')),
      json: {},
    });
  const open = (linkToken: string) => t.request(`/api/pay/${linkToken}/`);
  const verify = (linkToken: string, json: unknown) =>
    t.request(`/api/pay/${linkToken}/verify/`, { method: 'POST', json });
  const rightAnswer = { last_name: "o'payer", date_of_birth: '1990-04-12' };

  async function newLink(amountDueCents?: number) {
    const to = await newPayer(t, merchantId, amountDueCents);
    const answer = await createLink(to);
    expect(answer.status).toBe(201);
    return { to, token: tokenOf(answer.body.payment_link), answer: answer.body };
  }

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(
      { LOG_LEVEL: 'info', PUBLIC_URL: 'https://pay.paylane.test', RATE_LIMIT_PER_IP: '500' },
      { logStream: stream },
    );
    merchantId = await t.demoMerchantId();
  });
  afterAll(() => t.close());

  it('makes an absolute, unguessable link that expires in 7 days; only its digest is stored', async () => {
    const { to, token, answer } = await newLink();
    expect(answer.payment_link).toBe(`https://pay.paylane.test/pay/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(answer.expires_at).getTime() - t.clock.now().getTime()).toBe(7 * 24 * 3600 * 1000);
    const [row] = await linksOf(t, to.accountId);
    expect(row!.tokenHash).toBe(hashSecret(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const again = await createLink(to);
    expect(tokenOf(again.body.payment_link)).not.toBe(token);
  });

  it('shows the merchant, the amount due and masked data; opening it changes nothing', async () => {
    const { to, token } = await newLink(12_345);
    const before = await linksOf(t, to.accountId);
    const answer = await open(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'open',
      merchant: { name: 'Demo Motors' },
      amount_due_cents: 12_345,
      masked_customer_name: 'P. O.',
      verify_with: 'last_name_and_date_of_birth',
    });
    expect(answer.body.masked_account_number).toMatch(/^••••\d{4}$/);
    expect(JSON.stringify(answer.body)).not.toContain('Payer');
    await open(token);
    expect(await linksOf(t, to.accountId)).toEqual(before);
    expect((await open(`${token.slice(0, -1)}x`)).status).toBe(404);
  });

  it('says when a link has expired, and then refuses to verify', async () => {
    const { token } = await newLink();
    t.clock.advance(7 * 24 * 3600);
    expect((await open(token)).body.status).toBe('expired');
    const answer = await verify(token, rightAnswer);
    expect(answer).toMatchObject({ status: 400, body: { detail: 'This payment link has expired.' } });
  });

  it("answers the spec's messages for a wrong last name, birth date or PIN, and a session for the right one", async () => {
    const { token } = await newLink(9_900);
    const wrongName = await verify(token, { last_name: 'Smith', date_of_birth: '1990-04-12' });
    expect(wrongName).toMatchObject({
      status: 400,
      body: { non_field_errors: ['Provided information does not match customer record'] },
    });
    const wrongDate = await verify(token, { last_name: "O'Payer", date_of_birth: '1990-04-13' });
    expect(wrongDate.body).toEqual({
      non_field_errors: ['Provided information does not match customer record'],
    });
    const pin = await verify(token, { pin: '1234' });
    expect(pin).toMatchObject({ status: 400, body: { pin: ['Pins do not match'] } });
    const right = await verify(token, rightAnswer);
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({
      customer: { first_name: 'Paula', last_name: "O'Payer" },
      account: { amount_due_cents: 9_900 },
      card_fee: { percent_bps: 295, flat_cents: 0 },
    });
    expect(right.body.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('locks the link for 15 minutes after 5 wrong answers, even sent at once; the right one waits too', async () => {
    const { token } = await newLink();
    const wrong = { last_name: 'Nobody', date_of_birth: '1990-04-12' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(token, wrong)));
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
    const locked = await verify(token, rightAnswer);
    expect(locked).toMatchObject({ status: 429, body: { detail: 'Too many requests. Try again later.' } });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(15 * 60);
    expect((await verify(token, rightAnswer)).status).toBe(200);
  });

  it('needs the verified session to open the hosted entry', async () => {
    const { token } = await newLink();
    const entry = (session?: string) =>
      t.request(`/api/pay/${token}/entry/`, {
        method: 'POST',
        json: { kind: 'card' },
        headers: session ? { 'X-Pay-Session': session } : {},
      });
    expect((await entry()).status).toBe(401);
    expect((await entry('not-the-session')).status).toBe(401);
    const { session } = (await verify(token, rightAnswer)).body;
    t.clock.advance(31 * 60);
    expect((await entry(session)).status).toBe(401);
  });

  it("refuses a link for another merchant's account, whichever merchant path names it", async () => {
    const to = await newPayer(t, merchantId);
    const [rival] = await t.database.db.insert(merchants).values({ name: 'Rival Motors' }).returning();
    await addMember(t.database.db, { merchantId: rival!.id, email: 'rival@pay.test', roles: ['admin'] });
    const rivalToken = (await t.signIn('rival@pay.test', MEMBER_PASSWORD)).access;
    expect((await createLink(to, rivalToken)).status).toBe(404);
    const throughOwn = await t.request(
      `/api/merchants/${rival!.id}/customers/${to.customerId}/accounts/${to.accountId}/create_payment_link/`,
      { method: 'POST', token: rivalToken, json: {} },
    );
    expect(throughOwn.status).toBe(404);
    expect(await linksOf(t, to.accountId)).toEqual([]);
  });

  it('refuses a link for a paid-up account', async () => {
    const to = await newPayer(t, merchantId, 0);
    const answer = await createLink(to);
    expect(answer).toMatchObject({
      status: 400,
      body: { non_field_errors: ['This account has already been paid'] },
    });
  });

  it('never writes a link token to the log', async () => {
    const { token } = await newLink();
    await open(token);
    await verify(token, rightAnswer);
    await t.request(`/pay/${token}`);
    const text = logLines.join('');
    expect(text).toContain('/api/pay/');
    expect(text).not.toContain(token);
    const rows = await t.database.db
      .select()
      .from(payLinks)
      .where(eq(payLinks.tokenHash, hashSecret(token)));
    expect(rows).toHaveLength(1);
  });
});
