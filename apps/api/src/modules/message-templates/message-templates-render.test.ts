import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemTemplateTypes } from '@paylane/shared/messaging';
import {
  accountCoBorrowers,
  accounts,
  customers,
  locations,
  merchants,
  messageTemplates,
  paymentMethods,
} from '../../db/schema';
import { setUpTemplatesTest, templateBody, type TemplatesTestContext } from './message-templates-test-setup';
import { findSystemTemplate, seedSystemTemplates } from './system-templates.repository';

const everyField =
  '{{first_name}}|{{last_name}}|{{due_date}}|{{amount_due}}|{{cadence}}|{{payment_method}}|{{payment_link}}|' +
  '{{location}}|{{account_number}}|{{vehicle_year}}|{{vehicle_make}}|{{vehicle_model}}|{{collector_name}}';

describe('template renders and system templates', () => {
  let c: TemplatesTestContext;
  let templateId: string;
  let customer: { id: string };
  let active: { id: string };

  const render = (json: unknown, id = templateId, token = c.staff) =>
    c.t.request(`${c.base}${id}/render/`, { method: 'POST', token, json });

  beforeAll(async () => {
    c = await setUpTemplatesTest();
    const { db, merchantId } = c;
    const [lot] = await db.select().from(locations).where(eq(locations.name, 'Demo Motors South'));
    customer = (
      await db
        .insert(customers)
        .values({
          merchantId,
          firstName: 'Rosa',
          lastName: 'Render',
          locationId: lot!.id,
          externalId: 'RR-1',
        })
        .returning()
    )[0]!;
    const account = (externalId: string, status: 'active' | 'closed', extra = {}) => ({
      merchantId,
      customerId: customer.id,
      externalId,
      status,
      amountDueCents: 123_456,
      dueDate: '2026-07-04',
      cadence: 'biweekly' as const,
      vehicleYear: 2021,
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      ...extra,
    });
    // The closed account is older: without an account named, the first active one is used.
    await db.insert(accounts).values(account('RR-CLOSED', 'closed', { amountDueCents: 5 }));
    c.t.clock.advance(1);
    active = (
      await db
        .insert(accounts)
        .values(account('RR-ACTIVE', 'active', { locationId: lot!.id }))
        .returning()
    )[0]!;
    await db.insert(paymentMethods).values([
      {
        merchantId,
        customerId: customer.id,
        paymentType: 'CREDIT',
        nickname: 'Visa',
        maskedCardNumber: '************4242',
      },
    ]);
    const created = await c.t.request(c.base, {
      method: 'POST',
      token: c.admin,
      json: templateBody({
        name: 'Every Field',
        message_bodies: [
          { body_type: 'TEXT', message_body: everyField },
          { body_type: 'EMAIL', message_body: 'Dear {{first_name}} {{last_name}}, {{unknown}} stays.' },
        ],
      }),
    });
    templateId = created.body.id;
  });
  afterAll(() => c.t.close());

  it('fills every merge field for a real customer and their first active account', async () => {
    const answer = await render({ customer: customer.id, type: 'TEXT' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      rendered_body:
        'Rosa|Render|07/04/2026|$1,234.56|Biweekly|Visa ****4242|{{payment_link}}|Demo Motors South|RR-ACTIVE|2021|Honda|Civic|Taylor Staff',
    });
    const email = await render(
      { customer: customer.id, account: active.id, type: 'EMAIL' },
      templateId,
      c.admin,
    );
    expect(email.body).toEqual({ rendered_body: 'Dear Rosa Render, {{unknown}} stays.' });
  });

  it('renders with a named account the customer holds or co-borrows, and refuses any other', async () => {
    const [closed] = await c.db.select().from(accounts).where(eq(accounts.externalId, 'RR-CLOSED'));
    const named = await render({ customer: customer.id, account: closed!.id });
    expect(named.body.rendered_body).toContain('|$0.05|');
    expect(named.body.rendered_body).toContain('|RR-CLOSED|');
    const [holder] = await c.db
      .insert(customers)
      .values({ merchantId: c.merchantId, firstName: 'Hal', lastName: 'Holder' })
      .returning();
    const [shared] = await c.db
      .insert(accounts)
      .values({ merchantId: c.merchantId, customerId: holder!.id, externalId: 'RR-SHARED' })
      .returning();
    await c.db
      .insert(accountCoBorrowers)
      .values({ merchantId: c.merchantId, accountId: shared!.id, customerId: customer.id });
    expect((await render({ customer: customer.id, account: shared!.id })).body.rendered_body).toContain(
      '|RR-SHARED|',
    );
    const [stranger] = await c.db
      .insert(accounts)
      .values({ merchantId: c.merchantId, customerId: holder!.id, externalId: 'RR-NOT-HERS' })
      .returning();
    for (const account of [stranger!.id, 'not-a-uuid']) {
      expect(await render({ customer: customer.id, account })).toMatchObject({
        status: 400,
        body: { account: ['Account does not belong to this customer'] },
      });
    }
  });

  it('leaves account fields empty for a customer without accounts, and refuses a customer of no one', async () => {
    const [bare] = await c.db
      .insert(customers)
      .values({ merchantId: c.merchantId, firstName: 'Ned', lastName: 'None' })
      .returning();
    expect((await render({ customer: bare!.id })).body).toEqual({
      rendered_body: 'Ned|None|||||||||||Taylor Staff',
    });
    const [rivalCustomer] = await c.db
      .insert(customers)
      .values({ merchantId: c.rivalMerchantId, firstName: 'Rhea', lastName: 'Rival' })
      .returning();
    for (const id of [rivalCustomer!.id, 'nobody']) {
      expect(await render({ customer: id })).toMatchObject({
        status: 400,
        body: { customer: ['Customer does not belong to this merchant'] },
      });
    }
  });

  it('answers an empty body for a type the template does not have', async () => {
    const promise = await findSystemTemplate(c.db, c.merchantId, 'PAYMENT_PROMISE');
    expect(promise!.messageBodies.map((body) => body.body_type)).toEqual(['TEXT']);
    expect((await render({ customer: customer.id, type: 'EMAIL' }, promise!.id)).body).toEqual({
      rendered_body: '',
    });
  });

  it('fills a body as written with sample values (random render)', async () => {
    const answer = await c.t.request(`${c.base}random_render/`, {
      method: 'POST',
      token: c.staff,
      json: { message_template_body: everyField, type: 'TEXT' },
    });
    expect(answer.status).toBe(200);
    const values = answer.body.rendered_body.split('|');
    expect(values).toHaveLength(13);
    expect(values.every((value: string) => value.length > 0 && !value.includes('{{'))).toBe(true);
    expect(values[2]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(values[3]).toMatch(/^\$[\d,]+\.\d{2}$/);
  });

  it('fills a body as written for a real customer as a mass text would, the link a sample (customer render)', async () => {
    const customerRender = (json: unknown) =>
      c.t.request(`${c.base}customer_render/`, { method: 'POST', token: c.staff, json });
    const answer = await customerRender({ message_template_body: everyField, customer: customer.id });
    expect(answer.status).toBe(200);
    const values = answer.body.rendered_body.split('|');
    expect(values).toEqual([
      ...'Rosa|Render|07/04/2026|$1,234.56|Biweekly|Visa ****4242'.split('|'),
      expect.stringMatching(/\/pay\/SAMPLE-[\w-]+$/),
      ...'Demo Motors South|RR-ACTIVE|2021|Honda|Civic|Taylor Staff'.split('|'),
    ]);
    // As long as a real link: /pay/ and a 43-character token.
    expect(values[6]!.split('/pay/')[1]).toHaveLength(43);
    const [bare] = await c.db
      .insert(customers)
      .values({ merchantId: c.merchantId, firstName: 'Nia', lastName: 'Nolink' })
      .returning();
    expect(
      (
        await customerRender({
          message_template_body: 'Hi {{first_name}} {{payment_link}}',
          customer: bare!.id,
        })
      ).body,
    ).toEqual({ rendered_body: 'Hi Nia ' });
    const [rival] = await c.db
      .insert(customers)
      .values({ merchantId: c.rivalMerchantId, firstName: 'Rhea', lastName: 'Rival' })
      .returning();
    expect(await customerRender({ message_template_body: 'Hi', customer: rival!.id })).toMatchObject({
      status: 400,
      body: { customer: ['Customer does not belong to this merchant'] },
    });
  });

  it('gives every merchant one active system template of each of the 13 types, idempotently', async () => {
    const rows = await c.db
      .select()
      .from(messageTemplates)
      .where(eq(messageTemplates.merchantId, c.merchantId));
    const system = rows.filter((row) => (systemTemplateTypes as readonly string[]).includes(row.type));
    expect(system.map((row) => row.type).sort()).toEqual([...systemTemplateTypes].sort());
    for (const row of system) {
      expect(row).toMatchObject({ active: true, isVisible: true, deltaDays: null });
      const text = row.messageBodies.find((body) => body.body_type === 'TEXT')!.message_body;
      expect(text.length).toBeLessThanOrEqual(300);
      expect(text).toContain('{{first_name}}');
    }
    expect(await seedSystemTemplates(c.db, c.merchantId)).toBe(0);
  });

  it('creates the system templates with a new merchant, and for an older merchant when it is first used', async () => {
    const superAdmin = await c.t.demoToken('superadmin');
    const made = await c.t.request('/api/merchants/', {
      method: 'POST',
      token: superAdmin,
      json: { name: 'Fresh Autos' },
    });
    expect(made.status).toBe(201);
    const fresh = await c.t.request(`/api/merchants/${made.body.id}/message_templates/?page_size=1000`, {
      token: superAdmin,
    });
    expect(fresh.body.results.filter((r: { is_system: boolean }) => r.is_system)).toHaveLength(13);
    // A merchant from before templates existed, whose own template already uses a default name.
    const [older] = await c.db.insert(merchants).values({ name: 'Older Autos' }).returning();
    await c.db.insert(messageTemplates).values({
      merchantId: older!.id,
      name: 'welcome',
      type: 'UNSCHEDULED',
      messageBodies: [{ language: 'en-US', body_type: 'TEXT', message_body: 'Hi' }],
    });
    const thanks = await findSystemTemplate(c.db, older!.id, 'THANKS');
    expect(thanks).toMatchObject({ type: 'THANKS', name: 'Payment Received', active: true });
    const [welcome] = await c.db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.merchantId, older!.id), eq(messageTemplates.type, 'WELCOME')));
    expect(welcome!.name).toBe('Welcome (auto generated)');
    expect(await seedSystemTemplates(c.db, older!.id)).toBe(0);
    // Another older merchant gets them when its template list is first read.
    const [oldest] = await c.db.insert(merchants).values({ name: 'Oldest Autos' }).returning();
    const listed = await c.t.request(`/api/merchants/${oldest!.id}/message_templates/?type=AUTOPAY`, {
      token: superAdmin,
    });
    expect(listed.body.results).toEqual([
      expect.objectContaining({ name: 'Autopay Enabled', is_system: true }),
    ]);
  });
});
