import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, messageBatches, messages, payLinks, users } from '../../db/schema';
import { PAY_LINK_LIFETIME_MS } from '../pay-links/pay-link-tokens.service';
import {
  insertCustomers,
  setUpMessagingTest,
  type MessagingTestContext,
  type TestCustomer,
} from './messaging-test-setup';

// {{payment_link}} in a mass text (issue 16 item 6): a link per text, made by the statement that writes the texts.

const body = 'Hi {{first_name}}, pay {{amount_due}} here: {{payment_link}}';
const tokenOf = (text: string) => /\/pay\/([A-Za-z0-9_-]{43})$/.exec(text)?.[1] ?? null;

describe('a mass text with {{payment_link}}', () => {
  let c: MessagingTestContext;
  let people: TestCustomer[];
  let path: string;
  let adminId: string;
  let activeAccountOf1: string;

  beforeAll(async () => {
    c = await setUpMessagingTest();
    const { db } = c.t.database;
    people = await insertCustomers(c.t, {
      merchantId: c.merchantId,
      locationId: c.locationId,
      count: 5,
      area: '402',
    });
    // 0: owes $1,234.56. 1: a closed account first, then an active one owing $50.00 (the one texted about).
    // 2: paid up. 3: no account. 4: only an inactive account with money due.
    const [first] = await db.select().from(accounts).where(eq(accounts.customerId, people[1]!.id));
    await db.update(accounts).set({ status: 'closed' }).where(eq(accounts.id, first!.id));
    const [active] = await db
      .insert(accounts)
      .values({
        merchantId: c.merchantId,
        customerId: people[1]!.id,
        externalId: 'LATER',
        amountDueCents: 5000,
      })
      .returning();
    activeAccountOf1 = active!.id;
    await db.update(accounts).set({ amountDueCents: 0 }).where(eq(accounts.customerId, people[2]!.id));
    await db.delete(accounts).where(eq(accounts.customerId, people[3]!.id));
    await db.update(accounts).set({ status: 'inactive' }).where(eq(accounts.customerId, people[4]!.id));
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo.paylane.test'));
    adminId = admin!.id;
    path = `${c.base}/customers/send_customers_message/`;
  });
  afterAll(() => c.t.close());

  const send = (json: Record<string, unknown>, key?: string) =>
    c.t.request(path, {
      method: 'POST',
      token: c.admin,
      json: { batch_name: 'Pay now', message: body, customers: people.map((p) => p.id), ...json },
      headers: key ? { 'idempotency-key': key } : {},
    });
  const linksOf = (customerIds: string[]) =>
    c.t.database.db.select().from(payLinks).where(inArray(payLinks.customerId, customerIds));
  const textsOf = (batchId: string) =>
    c.t.database.db.select().from(messages).where(eq(messages.batchId, batchId));

  it('gives each customer with money due a different working link to the account texted about', async () => {
    const key = randomUUID();
    const sent = await send({}, key);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ queued: 5, skipped: 0 });
    const texts = await textsOf(sent.body.batch_id);
    const bodyOf = (i: number) => texts.find((text) => text.customerId === people[i]!.id)!.body;
    const tokens = [tokenOf(bodyOf(0)), tokenOf(bodyOf(1))];
    expect(tokens[0]).not.toBeNull();
    expect(tokens[1]).not.toBeNull();
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(bodyOf(0)).toBe(`Hi Pat0, pay $1,234.56 here: ${c.t.config.publicUrl}/pay/${tokens[0]}`);
    // Nothing to pay, or nothing to pay it on: no link, the field empty.
    expect(bodyOf(2)).toBe('Hi Pat2, pay $0.00 here: ');
    expect(bodyOf(3)).toBe('Hi Pat3, pay  here: ');
    expect(bodyOf(4)).toBe('Hi Pat4, pay $1,234.56 here: ');

    const opened = await Promise.all(tokens.map((token) => c.t.request(`/api/pay/${token}/`)));
    expect(opened.map((answer) => [answer.status, answer.body.status, answer.body.amount_due_cents])).toEqual(
      [
        [200, 'open', 123_456],
        [200, 'open', 5000],
      ],
    );

    const links = await linksOf(people.map((p) => p.id));
    expect(links).toHaveLength(2);
    const linkOf1 = links.find((link) => link.customerId === people[1]!.id)!;
    expect(linkOf1.accountId).toBe(activeAccountOf1);
    for (const link of links) {
      expect(link.merchantId).toBe(c.merchantId);
      expect(link.createdByUserId).toBe(adminId);
      expect(link.consumedAt).toBeNull();
      expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(PAY_LINK_LIFETIME_MS);
      expect(link.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    }

    // The same request again: the first answer, and no second set of texts or links.
    const again = await send({}, key);
    expect(again.body).toEqual(sent.body);
    expect(await linksOf(people.map((p) => p.id))).toHaveLength(2);
    const batches = await c.t.database.db
      .select()
      .from(messageBatches)
      .where(eq(messageBatches.idempotencyKey, key));
    expect(batches).toHaveLength(1);
    expect(await textsOf(sent.body.batch_id)).toHaveLength(5);
  });

  it('makes no links for a text that does not use the field', async () => {
    const before = (await linksOf(people.map((p) => p.id))).length;
    const sent = await send({ message: 'Hi {{first_name}}, {{amount_due}} is due.' });
    expect(sent.body).toMatchObject({ queued: 5 });
    expect(await linksOf(people.map((p) => p.id))).toHaveLength(before);
  });

  it('writes neither texts nor links when the batch fails', async () => {
    const { db } = c.t.database;
    const before = (await linksOf(people.map((p) => p.id))).length;
    // The second customer's link cannot be stored: the statement, and the whole batch, fail.
    await db.execute(
      sql.raw(`create function refuse_link() returns trigger language plpgsql as
      $$ begin raise exception 'refused for the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_link before insert on pay_links for each row
        when (new.customer_id = '${people[1]!.id}') execute function refuse_link()`),
    );
    try {
      const sent = await send({ batch_name: 'Doomed' });
      expect(sent.status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_link on pay_links'));
      await db.execute(sql.raw('drop function refuse_link()'));
    }
    expect(await linksOf(people.map((p) => p.id))).toHaveLength(before);
    expect(await db.select().from(messageBatches).where(eq(messageBatches.name, 'Doomed'))).toHaveLength(0);
  });
});
