import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  accounts,
  customers,
  memberships,
  merchants,
  paymentMethodEntries,
  paymentMethods,
  sandboxProcessorEntries,
  sandboxProcessorMethods,
} from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createSandboxProcessor } from '../../providers/payments/sandbox/sandbox-processor';
import { createUser } from '../auth/users.repository';
import { createTestApp, type TestApp } from '../../test/app';

// Adding a card or bank account through the sandbox's hosted entry, end to end over HTTP: staff open an entry,
// the payer (no login) fills in the sandbox's own page, staff save what it finished. The numbers stop at the
// sandbox page: neither Paylane's tables nor the sandbox's hold them.
describe('adding a payment method through the hosted entry', () => {
  let t: TestApp;
  let db: Db;
  let merchantId: string;
  let staff: string;
  let rivalAdmin: string;
  let rivalCustomerId: string;
  let rivalMerchantId: string;
  const PASSWORD = 'Entry-Pass-1';
  const typedNumbers = new Set<string>();

  const base = (customerId: string, merchant = merchantId) =>
    `/api/merchants/${merchant}/customers/${customerId}/payment_methods/`;
  const openEntry = (
    customerId: string,
    kind: 'card' | 'bank' = 'card',
    token = staff,
    merchant = merchantId,
  ) => t.request(`${base(customerId, merchant)}entry/`, { method: 'POST', token, json: { kind } });
  const save = (customerId: string, json: unknown, options: { token?: string; merchant?: string } = {}) =>
    t.request(base(customerId, options.merchant), { method: 'POST', token: options.token ?? staff, json });
  /** The payer's form post: no login, urlencoded, as a browser submits it. */
  const submit = (url: string, fields: Record<string, string>) => {
    for (const name of ['card_number', 'account_number']) if (fields[name]) typedNumbers.add(fields[name]);
    return t.request(url, { method: 'POST', body: new URLSearchParams(fields) });
  };
  const card = (card_number: string) => ({ card_number, exp_month: '12', exp_year: '2031', cvc: '123' });

  async function newCustomer(lastName: string, merchant = merchantId) {
    const [row] = await db
      .insert(customers)
      .values({ merchantId: merchant, firstName: 'Erin', lastName })
      .returning();
    return row!.id;
  }

  async function finishedCardEntry(customerId: string, number = '4242424242424242') {
    const opened = await openEntry(customerId);
    expect(opened.status).toBe(201);
    expect((await submit(opened.body.url, card(number))).status).toBe(200);
    return opened.body.entry_id as string;
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    merchantId = await t.demoMerchantId();
    staff = await t.demoToken('staff');
    const [rival] = await db.insert(merchants).values({ name: 'Rival Entry Autos' }).returning();
    rivalMerchantId = rival!.id;
    rivalCustomerId = await newCustomer('Rival', rivalMerchantId);
    const user = await createUser(db, {
      email: 'admin@rival-entry.test',
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Rory',
      lastName: 'Rival',
      isSuperAdmin: false,
      isPartner: false,
    });
    await db.insert(memberships).values({ userId: user.id, merchantId: rival!.id, roles: ['admin'] });
    rivalAdmin = (await t.signIn('admin@rival-entry.test', PASSWORD)).access;
  });
  afterAll(() => t.close());

  it('opens an entry whose page the payer fills in without a login, framed by the app only', async () => {
    const customerId = await newCustomer('Frame');
    const opened = await openEntry(customerId);
    expect(opened).toMatchObject({
      status: 201,
      body: {
        entry_id: expect.stringMatching(/^sbx_entry_[0-9a-f]{24}$/),
        provider: 'sandbox',
        url: `/api/sandbox-processor/entry/${opened.body.entry_id}/`,
        client_secret: null,
      },
    });

    const page = await t.request(opened.body.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("'unsafe-inline'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = page.body as string;
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // Framed inside the app's own <main>: the page's main landmark is named by its heading.
    expect(html).toContain('<main aria-labelledby="page-heading"><h1 id="page-heading">Add a card</h1>');
    expect(html).toMatch(
      /<label for="card_number">Card number<\/label>\s*<input id="card_number" name="card_number" autocomplete="cc-number"/,
    );
    for (const name of ['exp_month', 'exp_year', 'cvc']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain(`action="${opened.body.url}"`);
    // The collapsible help lists the sandbox's test cards.
    expect(html).toContain('<details><summary>Sandbox test cards</summary>');
    expect(html).toContain('4000 0000 0000 9995');
    expect(html).toContain('declined: insufficient_funds');

    expect((await openEntry(customerId, 'card', '')).status).toBe(401);
    expect((await openEntry(rivalCustomerId)).status).toBe(404);
    expect((await t.request('/api/sandbox-processor/entry/sbx_entry_nope/')).status).toBe(404);
  });

  it('refuses a bad card on the page with the spec’s messages and saves nothing', async () => {
    const customerId = await newCustomer('Refused');
    const opened = await openEntry(customerId);
    const methodsBefore = await db.select().from(sandboxProcessorMethods);
    const refusals: Array<[string, string]> = [
      ['42424242424242', 'card_number must be at least 15 characters'],
      ['42424242424242424', 'card_number can be at most 16 characters'],
      ['9999999999999999', 'Invalid card type'],
    ];
    for (const [number, message] of refusals) {
      const answer = await submit(opened.body.url, { ...card(number), exp_month: '07' });
      expect(answer.status).toBe(400);
      const html = answer.body as string;
      expect(html).toContain('role="alert"');
      expect(html).toContain(`<p class="error" id="card_number-error">${message}</p>`);
      expect(html).toContain('aria-invalid="true" aria-describedby="card_number-error"');
      // What was typed comes back for the expiry only: never a number.
      expect(html).toContain('value="07"');
      expect(html).not.toContain(number);
    }
    expect(await db.select().from(sandboxProcessorMethods)).toEqual(methodsBefore);
    expect(await save(customerId, { entry_id: opened.body.entry_id })).toMatchObject({
      status: 400,
      body: { entry_id: ['The card or bank account has not been saved yet.'] },
    });
  });

  it('saves a good card once, tells the framing app, and the method is listed, in the history and chargeable', async () => {
    const customerId = await newCustomer('Saver');
    const opened = await openEntry(customerId);
    const entryId = opened.body.entry_id as string;

    const saved = await submit(opened.body.url, card('4242 4242 4242 4242'));
    expect(saved.status).toBe(200);
    const nonce = /script-src 'nonce-([^']+)'/.exec(saved.headers.get('content-security-policy') ?? '')![1];
    expect(saved.body).toContain(
      `<script nonce="${nonce}">window.parent.postMessage({"type":"paylane:method-entry","entry_id":"${entryId}"}, location.origin);</script>`,
    );
    expect(saved.body).toContain('<main aria-labelledby="page-heading"><h1 id="page-heading">Saved</h1>');
    // A second submit (double click, back button) saves nothing more.
    const again = await submit(opened.body.url, card('5555555555554444'));
    expect(again.body).toContain('postMessage');
    const [entryRow] = await db
      .select()
      .from(sandboxProcessorEntries)
      .where(eq(sandboxProcessorEntries.id, entryId));
    const [sandboxMethod] = await db
      .select()
      .from(sandboxProcessorMethods)
      .where(eq(sandboxProcessorMethods.token, entryRow!.methodToken!));
    expect(sandboxMethod).toMatchObject({ last4: '4242', brand: 'visa' });

    const added = await save(customerId, { entry_id: entryId, nickname: ' Work Visa ' });
    expect(added).toMatchObject({
      status: 201,
      body: {
        payment_type: 'CREDIT',
        card_type: 'VISA',
        nickname: 'Work Visa',
        masked_card_number: '************4242',
        masked_account_number: null,
      },
    });
    const replay = await save(customerId, { entry_id: entryId, nickname: 'Other name' });
    expect(replay).toMatchObject({ status: 201, body: added.body });
    const rows = await db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      processor: 'sandbox',
      processorToken: sandboxMethod!.token,
      funding: 'credit',
    });

    const list = await t.request(base(customerId), { token: staff });
    expect(list.body).toMatchObject({ count: 1, results: [added.body] });
    const history = await t.request(`/api/merchants/${merchantId}/customers/${customerId}/history/`, {
      token: staff,
    });
    expect(history.body.results).toContainEqual(
      expect.objectContaining({
        kind: 'payment_method.added',
        details: { nickname: 'Work Visa', payment_type: 'CREDIT', mask_end: '4242' },
      }),
    );

    const [account] = await db
      .insert(accounts)
      .values({ merchantId, customerId, amountDueCents: 20_000 })
      .returning();
    const charge = await t.request(
      `/api/merchants/${merchantId}/customers/${customerId}/accounts/${account!.id}/transactions/`,
      {
        method: 'POST',
        token: staff,
        json: { amount: '100.00', payment_method: added.body.id },
        headers: { 'Idempotency-Key': `entry-charge-${customerId}` },
      },
    );
    expect(charge).toMatchObject({ status: 201, body: { status: 'PAID' } });
  });

  it('saves a bank account through the bank form', async () => {
    const customerId = await newCustomer('Banker');
    const opened = await openEntry(customerId, 'bank');
    const page = (await t.request(opened.body.url)).body as string;
    expect(page).toContain('<details><summary>Sandbox test bank accounts</summary>');
    for (const name of ['routing_number', 'account_number', 'account_type'])
      expect(page).toContain(`name="${name}"`);
    const refused = await submit(opened.body.url, {
      routing_number: '110000001',
      account_number: '000123456789',
      account_type: 'savings',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Invalid routing number');
    expect(refused.body).toContain('<option value="savings" selected>');
    const saved = await submit(opened.body.url, {
      routing_number: '110000000',
      account_number: '000123456789',
      account_type: 'savings',
    });
    expect(saved.status).toBe(200);
    expect(await save(customerId, { entry_id: opened.body.entry_id })).toMatchObject({
      status: 201,
      body: {
        payment_type: 'SAVINGS',
        card_type: null,
        nickname: '',
        masked_card_number: null,
        masked_account_number: '********6789',
      },
    });
  });

  it('an entry is bound to the merchant and customer it was opened for', async () => {
    const owner = await newCustomer('Owner');
    const other = await newCustomer('Other');
    const entryId = await finishedCardEntry(owner);
    const unknown = { status: 400, body: { entry_id: ['This entry was not found.'] } };
    expect(await save(other, { entry_id: entryId })).toMatchObject(unknown);
    const asRival = { token: rivalAdmin, merchant: rivalMerchantId };
    expect(await save(rivalCustomerId, { entry_id: entryId }, asRival)).toMatchObject(unknown);
    expect(await save(owner, { entry_id: 'sbx_entry_000000000000000000000000' })).toMatchObject(unknown);
    // Under the rival's own path, the demo merchant's customer is not found at all.
    expect((await save(owner, { entry_id: entryId }, { token: rivalAdmin })).status).toBe(404);
    expect(await db.select().from(paymentMethods).where(eq(paymentMethods.customerId, other))).toEqual([]);
    expect((await save(owner, { entry_id: entryId })).status).toBe(201);
  });

  it('an entry expires: its page closes and a finished one can no longer be saved', async () => {
    const customerId = await newCustomer('Late');
    const open = await openEntry(customerId);
    const finished = await finishedCardEntry(customerId);
    t.clock.advance(31 * 60);
    // Sessions are shorter than that: sign in again.
    staff = await t.demoToken('staff');
    rivalAdmin = (await t.signIn('admin@rival-entry.test', PASSWORD)).access;
    const page = await t.request(open.body.url);
    expect(page.status).toBe(410);
    expect(page.body).toContain('This entry has expired');
    expect((await submit(open.body.url, card('4242424242424242'))).status).toBe(410);
    const expired = { status: 400, body: { entry_id: ['This entry has expired. Start again.'] } };
    expect(await save(customerId, { entry_id: open.body.entry_id })).toMatchObject(expired);
    expect(await save(customerId, { entry_id: finished })).toMatchObject(expired);
  });

  it('removing a method detaches it at the sandbox, which then refuses to charge it', async () => {
    const customerId = await newCustomer('Remover');
    const added = await save(customerId, { entry_id: await finishedCardEntry(customerId) });
    const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, added.body.id));
    const removed = await t.request(`${base(customerId)}${added.body.id}/`, {
      method: 'DELETE',
      token: staff,
    });
    expect(removed.status).toBe(204);
    const [sandboxMethod] = await db
      .select()
      .from(sandboxProcessorMethods)
      .where(eq(sandboxProcessorMethods.token, row!.processorToken!));
    expect(sandboxMethod!.detachedAt).toEqual(t.clock.now());
    const sandbox = createSandboxProcessor({ db, now: t.clock.now, delayMs: 0, bankSettleMs: 0 });
    expect(await sandbox.findMethod({ processorAccountId: '', token: row!.processorToken! })).toBeNull();
    const charge = await sandbox
      .charge({
        idempotencyKey: `after-detach-${customerId}`,
        processorAccountId: '',
        methodToken: row!.processorToken!,
        amountCents: 1_000,
        reference: `after-detach-${customerId}`,
      })
      .catch((caught: unknown) => caught);
    expect(charge).toMatchObject({ code: 'resource_missing', isAmbiguous: false });
  });

  it('refuses to open an entry for a merchant without an active processing account', async () => {
    expect(await openEntry(rivalCustomerId, 'card', rivalAdmin, rivalMerchantId)).toMatchObject({
      status: 400,
      body: {
        non_field_errors: ['The merchant has no active processing account to take card or bank payments.'],
      },
    });
  });

  it('no table holds a typed card or account number', async () => {
    expect(typedNumbers.size).toBeGreaterThan(5);
    const tables = [sandboxProcessorMethods, sandboxProcessorEntries, paymentMethods, paymentMethodEntries];
    const stored = JSON.stringify(await Promise.all(tables.map((table) => db.select().from(table))));
    expect(stored).toContain('4242');
    for (const number of typedNumbers) {
      const digits = number.replace(/\D/g, '');
      expect(stored).not.toContain(digits);
      expect(stored).not.toContain(digits.slice(-8));
    }
    // Nowhere else either: no text column of any table holds the full test card number.
    const { rows } = await db.execute<{ found: boolean }>(
      sql`select exists(select 1 from customer_events where details::text like '%4242424242424242%') as found`,
    );
    expect(rows[0]!.found).toBe(false);
  });
});
