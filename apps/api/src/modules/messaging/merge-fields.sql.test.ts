import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeFields, mergeSnippet } from '@paylane/shared/messaging';
import { accounts, customers, locations, messages, messageTemplates, paymentMethods } from '../../db/schema';
import { insertCustomers, setUpMessagingTest, type MessagingTestContext } from './messaging-test-setup';

// Every merge field, and an unknown placeholder that must stay as written.
// Labelled by position (the 300-character limit): 3 is amount_due, 4 cadence, 5 payment_method, 7 location.
const body = `${mergeFields.map((field, i) => `${i}=${mergeSnippet(field)}`).join('|')}|{{nickname}}`;

describe('a mass text says what the template preview says, for every merge field', () => {
  let c: MessagingTestContext;
  let ids: string[];
  let templateId: string;

  beforeAll(async () => {
    c = await setUpMessagingTest();
    const { db } = c.t.database;
    const people = await insertCustomers(c.t, {
      merchantId: c.merchantId,
      locationId: c.locationId,
      count: 5,
      area: '915',
    });
    ids = people.map((p) => p.id);
    const [south] = await db
      .insert(locations)
      .values({ merchantId: c.merchantId, name: 'Lot "South" & Co', timeZone: 'America/Denver' })
      .returning();
    // 0: as inserted. 1: owes a negative amount, vehicle, card, account at another location.
    await db
      .update(accounts)
      .set({
        amountDueCents: -500,
        vehicleYear: 2019,
        vehicleMake: 'Toyota',
        vehicleModel: 'Camry',
        locationId: south!.id,
        cadence: 'semimonthly',
      })
      .where(eq(accounts.customerId, ids[1]!));
    await db.insert(paymentMethods).values([
      {
        merchantId: c.merchantId,
        customerId: ids[1]!,
        paymentType: 'CREDIT',
        nickname: 'Visa',
        maskedCardNumber: '************4242',
      },
      {
        merchantId: c.merchantId,
        customerId: ids[2]!,
        paymentType: 'CHECKING',
        nickname: '',
        maskedAccountNumber: '******6789',
      },
    ]);
    // 2: a closed account first, then an active one with no due date and a large amount.
    await db.update(accounts).set({ status: 'closed' }).where(eq(accounts.customerId, ids[2]!));
    await db.insert(accounts).values({
      merchantId: c.merchantId,
      customerId: ids[2]!,
      externalId: 'LATER-2',
      amountDueCents: 123_456_789,
      dueDate: null,
      cadence: null,
    });
    // 3: no account at all, no location. 4: only an inactive account.
    await db.delete(accounts).where(eq(accounts.customerId, ids[3]!));
    await db.update(customers).set({ locationId: null, lastName: "O'Neil" }).where(eq(customers.id, ids[3]!));
    await db
      .update(accounts)
      .set({ status: 'inactive', amountDueCents: 0 })
      .where(eq(accounts.customerId, ids[4]!));
    const [template] = await db
      .insert(messageTemplates)
      .values({
        merchantId: c.merchantId,
        name: 'Every field',
        type: 'UNSCHEDULED',
        messageBodies: [{ language: 'en-US', body_type: 'TEXT', message_body: body }],
      })
      .returning();
    templateId = template!.id;
  });
  afterAll(() => c.t.close());

  it('renders each recipient’s body in the database exactly as the preview renders it', async () => {
    const sent = await c.t.request(`${c.base}/customers/send_customers_message/`, {
      method: 'POST',
      token: c.admin,
      json: { batch_name: 'Fields', message: body, message_template_id: templateId, customers: ids },
    });
    expect(sent.body).toMatchObject({ queued: 5 });
    const rows = await c.t.database.db
      .select()
      .from(messages)
      .where(eq(messages.batchId, sent.body.batch_id));
    for (const id of ids) {
      const preview = await c.t.request(`${c.base}/message_templates/${templateId}/render/`, {
        method: 'POST',
        token: c.admin,
        json: { customer: id },
      });
      expect(preview.status).toBe(200);
      // The preview keeps {{payment_link}} (each send makes a fresh link); the mass text has its own link
      // where the account has money due (0 and 2) and nothing where it has not (1 owes less than nothing, 3
      // has no account, 4 only an inactive one). Every other field must agree.
      const body = rows.find((row) => row.customerId === id)!.body;
      const link = /\|6=([^|]*)\|7=/.exec(body)?.[1];
      const hasLink = id === ids[0] || id === ids[2];
      expect(link).toMatch(hasLink ? new RegExp(`^${c.t.config.publicUrl}/pay/[A-Za-z0-9_-]{43}$`) : /^$/);
      if (hasLink) expect((await c.t.request(`/api/pay/${link!.split('/pay/')[1]}/`)).status).toBe(200);
      expect(body).toBe((preview.body.rendered_body as string).replace('{{payment_link}}', link!));
    }
    const second = rows.find((row) => row.customerId === ids[1])!.body;
    expect(second).toContain('|3=($5.00)|4=Semi-monthly|5=Visa ****4242|');
    expect(second).toContain('|7=Lot "South" & Co|');
    expect(second).toContain('|12=Alex Admin|{{nickname}}');
    const third = rows.find((row) => row.customerId === ids[2])!.body;
    expect(third).toContain('|2=|3=$1,234,567.89|4=|5=****6789|');
  });
});
