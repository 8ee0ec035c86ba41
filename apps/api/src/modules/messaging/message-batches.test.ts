import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import {
  insertCustomers,
  setUpMessagingTest,
  type MessagingTestContext,
  type TestCustomer,
} from './messaging-test-setup';

describe('mass text reports (message_batches)', () => {
  let c: MessagingTestContext;
  let people: TestCustomer[];
  let julyId: string;
  let augustId: string;

  beforeAll(async () => {
    c = await setUpMessagingTest();
    people = await insertCustomers(c.t, {
      merchantId: c.merchantId,
      locationId: c.locationId,
      count: 6,
      area: '210',
    });
    const send = async (batch_name: string, recipients: TestCustomer[]) => {
      const answer = await c.t.request(`${c.base}/customers/send_customers_message/`, {
        method: 'POST',
        token: c.admin,
        json: {
          batch_name,
          message: 'Hi {{first_name}}',
          customers: recipients.map((p) => p.id),
          is_csv_imported: true,
        },
      });
      return answer.body.batch_id as string;
    };
    julyId = await send('July reminder', people.slice(0, 4));
    augustId = await send('August 100%_off', people.slice(4));
    // Where the texts have got to (no worker runs in this test): two delivered, one failed.
    const { db } = c.t.database;
    await db.update(messages).set({ status: 'delivered' }).where(eq(messages.customerId, people[0]!.id));
    await db.update(messages).set({ status: 'delivered' }).where(eq(messages.customerId, people[1]!.id));
    await db
      .update(messages)
      .set({ status: 'undelivered', errorCode: '30003' })
      .where(eq(messages.customerId, people[2]!.id));
  });
  afterAll(() => c.t.close());

  it('lists the merchant’s batches newest first with their progress, for any member', async () => {
    const page = await c.t.request(`${c.base}/message_batches/`, { token: c.staff });
    expect(page.status).toBe(200);
    expect(page.body.count).toBeGreaterThanOrEqual(2);
    const [august, july] = page.body.results;
    expect(august).toMatchObject({ id: augustId, batch_name: 'August 100%_off', recipient_count: 2 });
    expect(july).toMatchObject({
      id: julyId,
      message: 'Hi {{first_name}}',
      message_template_id: null,
      template_name: null,
      is_csv_imported: true,
      created_by: 'Alex Admin',
      canceled: null,
      counts: { pending: 1, queued: 0, sent: 0, delivered: 2, failed: 1, canceled: 0 },
    });
    const searched = await c.t.request(`${c.base}/message_batches/?search=100%25_`, { token: c.staff });
    expect(searched.body.results.map((b: { id: string }) => b.id)).toEqual([augustId]);
  });

  it('pages one batch’s messages, filtered by status group', async () => {
    const failed = await c.t.request(`${c.base}/message_batches/${julyId}/messages/?status=failed`, {
      token: c.staff,
    });
    expect(failed.body).toMatchObject({
      count: 1,
      results: [
        { customer_id: people[2]!.id, first_name: 'Pat2', status: 'undelivered', error_code: '30003' },
      ],
    });
    const firstPage = await c.t.request(`${c.base}/message_batches/${julyId}/messages/?page_size=3`, {
      token: c.staff,
    });
    expect(firstPage.body).toMatchObject({ count: 4, previous: null });
    expect(firstPage.body.results).toHaveLength(3);
    const second = await c.t.request(firstPage.body.next, { token: c.staff });
    expect(second.body.results).toHaveLength(1);
  });

  it('cancel_pending stops what has not left and leaves the rest', async () => {
    expect(
      (
        await c.t.request(`${c.base}/message_batches/${julyId}/cancel_pending/`, {
          method: 'POST',
          token: c.staff,
        })
      ).body.counts,
    ).toEqual({ pending: 0, queued: 0, sent: 0, delivered: 2, failed: 1, canceled: 1 });
  });

  it('answers 404 for a batch that is not the merchant’s', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const answer = await c.t.request(`${c.base}/message_batches/${id}/`, { token: c.admin });
      expect(answer.status).toBe(404);
      const cancel = await c.t.request(`${c.base}/message_batches/${id}/cancel_pending/`, {
        method: 'POST',
        token: c.admin,
      });
      expect(cancel.status).toBe(404);
    }
  });
});
