import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as catalogue } from '@paylane/shared/messages';
import {
  customers,
  customRoles,
  memberships,
  merchants,
  messageBatches,
  messages,
  messageTemplates,
  users,
} from '../../db/schema';
import {
  insertCustomers,
  setUpMessagingTest,
  type MessagingTestContext,
  type TestCustomer,
} from './messaging-test-setup';

const body =
  'Hi {{first_name}}, {{amount_due}} is due {{due_date}} ({{cadence}}, {{account_number}}). {{collector_name}}';

describe('accepting a mass text (send_customers_message)', () => {
  let c: MessagingTestContext;
  let people: TestCustomer[];
  let optedOut: TestCustomer[];
  let path: string;

  beforeAll(async () => {
    c = await setUpMessagingTest();
    people = await insertCustomers(c.t, {
      merchantId: c.merchantId,
      locationId: c.locationId,
      count: 5,
      area: '512',
    });
    optedOut = await insertCustomers(c.t, {
      merchantId: c.merchantId,
      locationId: c.locationId,
      count: 1,
      area: '713',
      optedOut: true,
    });
    const { db } = c.t.database;
    await db.update(customers).set({ voidedAt: new Date() }).where(eq(customers.id, people[3]!.id));
    await db.update(customers).set({ smsPhoneNumber: null }).where(eq(customers.id, people[4]!.id));
    path = `${c.base}/customers/send_customers_message/`;
  });
  afterAll(() => c.t.close());

  const send = (json: Record<string, unknown>, options: { token?: string; key?: string } = {}) =>
    c.t.request(path, {
      method: 'POST',
      token: options.token ?? c.admin,
      json: { batch_name: 'July reminder', ...json },
      headers: options.key ? { 'idempotency-key': options.key } : {},
    });

  it('writes one pending text per textable recipient, bodies filled, and names the rest', async () => {
    const unknownUuid = randomUUID();
    const ids = [...people.map((p) => p.id), optedOut[0]!.id, unknownUuid, 'not-a-customer', people[0]!.id];
    const answer = await send({ message: body, customers: ids });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      queued: 3,
      skipped: 3,
      unknown_customers: [unknownUuid, 'not-a-customer'],
    });
    const rows = await c.t.database.db
      .select()
      .from(messages)
      .where(eq(messages.batchId, answer.body.batch_id));
    expect(rows.map((row) => row.customerId).sort()).toEqual(
      people
        .slice(0, 3)
        .map((p) => p.id)
        .sort(),
    );
    const first = rows.find((row) => row.customerId === people[0]!.id)!;
    expect(first).toMatchObject({
      status: 'pending',
      kind: 'batch',
      direction: 'outbound',
      channel: 'sms',
      toAddress: people[0]!.phone,
      body: `Hi Pat0, $1,234.56 is due 07/01/2026 (Monthly, ACC-512-0). Alex Admin`,
    });
    expect(first.accountId).toBeNull();
    const [batch] = await c.t.database.db
      .select()
      .from(messageBatches)
      .where(eq(messageBatches.id, answer.body.batch_id));
    expect(batch).toMatchObject({ name: 'July reminder', body, recipientCount: 3, isCsvImported: false });
  });

  it('answers a retried request with the same Idempotency-Key as the first time, and writes nothing', async () => {
    const key = randomUUID();
    const json = { message: 'Hello {{first_name}}', customers: [people[0]!.id, people[1]!.id, randomUUID()] };
    const first = await send(json, { key });
    const again = await send(json, { key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const batches = await c.t.database.db
      .select()
      .from(messageBatches)
      .where(and(eq(messageBatches.merchantId, c.merchantId), eq(messageBatches.idempotencyKey, key)));
    expect(batches).toHaveLength(1);
    const rows = await c.t.database.db
      .select()
      .from(messages)
      .where(eq(messages.batchId, first.body.batch_id));
    expect(rows).toHaveLength(2);
    // Concurrent retries: still one batch.
    const racing = await Promise.all([1, 2, 3].map(() => send(json, { key: `${key}-race` })));
    expect(new Set(racing.map((r) => r.body.batch_id)).size).toBe(1);
  });

  it('refuses when nobody can be texted, with the opt-out message when an opt-out is why', async () => {
    const onlyOptedOut = await send({ message: 'Hi', customers: [optedOut[0]!.id, randomUUID()] });
    expect(onlyOptedOut.status).toBe(400);
    expect(onlyOptedOut.body).toEqual({ customers: [catalogue.optedOut] });
    const nobody = await send({ message: 'Hi', customers: [randomUUID()] });
    expect(nobody.status).toBe(400);
    expect(nobody.body).toEqual({ customers: [catalogue.noRecipients] });
  });

  it('takes at most 100,000 recipients, our ids, in one request', async () => {
    // Issue 14: the body limit is what 100,000 of our ids need, not 100,000 long strings.
    const tooMany = await send({
      message: 'Hi',
      customers: Array.from({ length: 100_001 }, () => randomUUID()),
    });
    expect([tooMany.status, tooMany.body]).toEqual([400, { customers: [catalogue.tooManyRecipients] }]);
    const long = Array.from({ length: 100_000 }, (_, i) => `${String(i).padStart(100, 'x')}`);
    const tooBig = await send({ message: 'Hi', customers: long });
    expect([tooBig.status, tooBig.body]).toEqual([413, { detail: catalogue.bodyTooLarge }]);
  });

  it('checks the template: the merchant’s, not deleted, active', async () => {
    const [inactive] = await c.t.database.db
      .insert(messageTemplates)
      .values({
        merchantId: c.merchantId,
        name: 'Old one',
        type: 'UNSCHEDULED',
        active: false,
        messageBodies: [],
      })
      .returning();
    const inactiveAnswer = await send({
      message: 'Hi',
      customers: [people[0]!.id],
      message_template_id: inactive!.id,
    });
    expect(inactiveAnswer.body).toEqual({ message_template_id: [catalogue.templateInactive] });
    const unknown = await send({
      message: 'Hi',
      customers: [people[0]!.id],
      message_template_id: randomUUID(),
    });
    expect(unknown.status).toBe(400);
  });

  it('lets a sender without free text send a template only as written', async () => {
    const { db } = c.t.database;
    const templateBody = 'Hi {{first_name}}, please call us.';
    const [template] = await db
      .insert(messageTemplates)
      .values({
        merchantId: c.merchantId,
        name: 'Call us',
        type: 'UNSCHEDULED',
        messageBodies: [{ language: 'en-US', body_type: 'TEXT', message_body: templateBody }],
      })
      .returning();
    // A custom-role merchant whose staff role may send mass texts but not write its own words.
    const [role] = await db
      .insert(customRoles)
      .values({
        merchantId: c.merchantId,
        name: 'Campaigns',
        permissions: { is_customer_campaign_allowed: true },
      })
      .returning();
    await db.update(merchants).set({ checkCustomRoles: true }).where(eq(merchants.id, c.merchantId));
    const [staffUser] = await db.select().from(users).where(eq(users.email, 'staff@demo.paylane.test'));
    await db
      .update(memberships)
      .set({ customRoleId: role!.id })
      .where(and(eq(memberships.userId, staffUser!.id), eq(memberships.merchantId, c.merchantId)));
    try {
      const asWritten = { customers: [people[0]!.id], message_template_id: template!.id };
      const ok = await send({ ...asWritten, message: templateBody }, { token: c.staff });
      expect(ok.status).toBe(200);
      expect(ok.body.queued).toBe(1);
      const edited = await send({ ...asWritten, message: `${templateBody} Today!` }, { token: c.staff });
      expect(edited.status).toBe(403);
      expect(edited.body).toEqual({ detail: catalogue.freeTextNotAllowed });
      const noTemplate = await send(
        { customers: [people[0]!.id], message: templateBody },
        { token: c.staff },
      );
      expect(noTemplate.status).toBe(403);
    } finally {
      await db.update(merchants).set({ checkCustomRoles: false }).where(eq(merchants.id, c.merchantId));
    }
  });

  it('needs groupMessage: refused where the merchant does not allow mass texts', async () => {
    const { db } = c.t.database;
    await db.update(merchants).set({ allowGroupMessage: false }).where(eq(merchants.id, c.merchantId));
    try {
      const answer = await send({ message: 'Hi', customers: [people[0]!.id] });
      expect(answer.status).toBe(403);
    } finally {
      await db.update(merchants).set({ allowGroupMessage: true }).where(eq(merchants.id, c.merchantId));
    }
  });
});
