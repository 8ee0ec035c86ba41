import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, merchants, messageTemplates } from '../../db/schema';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import { setUpTemplatesTest, templateBody, type TemplatesTestContext } from './message-templates-test-setup';

describe('message templates: who may read and write, and tenant isolation', () => {
  let c: TemplatesTestContext;
  let ownTemplateId: string;
  let rivalTemplateId: string;

  beforeAll(async () => {
    c = await setUpTemplatesTest();
    const own = await c.t.request(c.base, {
      method: 'POST',
      token: c.admin,
      json: templateBody({ name: 'Own' }),
    });
    ownTemplateId = own.body.id;
    const rival = await c.t.request(`/api/merchants/${c.rivalMerchantId}/message_templates/`, {
      method: 'POST',
      token: c.rivalAdmin,
      json: templateBody({ name: 'Rival Secret Template' }),
    });
    rivalTemplateId = rival.body.id;
  });
  afterAll(() => c.t.close());

  it('on a custom-role merchant, needs is_template_update_allowed to write and nothing to read', async () => {
    await addMember(c.db, {
      merchantId: c.merchantId,
      email: 'reader@templates.test',
      roles: ['staff'],
      flags: { is_template_update_allowed: false },
    });
    await addMember(c.db, {
      merchantId: c.merchantId,
      email: 'writer@templates.test',
      roles: ['staff'],
      flags: { is_template_update_allowed: true },
    });
    await c.db.update(merchants).set({ checkCustomRoles: true }).where(eq(merchants.id, c.merchantId));
    const reader = (await c.t.signIn('reader@templates.test', MEMBER_PASSWORD)).access;
    const writer = (await c.t.signIn('writer@templates.test', MEMBER_PASSWORD)).access;
    const one = `${c.base}${ownTemplateId}/`;
    const [someone] = await c.db
      .select()
      .from(customers)
      .where(eq(customers.merchantId, c.merchantId))
      .limit(1);

    for (const token of [reader, c.staff]) {
      expect((await c.t.request(c.base, { token })).status).toBe(200);
      expect((await c.t.request(one, { token })).status).toBe(200);
      const preview = { message_template_body: 'Hi {{first_name}}' };
      expect(
        (await c.t.request(`${c.base}random_render/`, { method: 'POST', token, json: preview })).status,
      ).toBe(200);
      const render = await c.t.request(`${one}render/`, {
        method: 'POST',
        token,
        json: { customer: someone!.id },
      });
      expect(render.status).toBe(200);
      const customerRender = { message_template_body: 'Hi {{first_name}}', customer: someone!.id };
      expect(
        (await c.t.request(`${c.base}customer_render/`, { method: 'POST', token, json: customerRender }))
          .status,
      ).toBe(200);
      const refusals = [
        await c.t.request(c.base, { method: 'POST', token, json: templateBody({ name: 'Not Mine' }) }),
        await c.t.request(one, { method: 'PUT', token, json: templateBody({ name: 'Not Mine' }) }),
        await c.t.request(one, { method: 'DELETE', token }),
      ];
      expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 403]);
    }
    const made = await c.t.request(c.base, {
      method: 'POST',
      token: writer,
      json: templateBody({ name: 'Writer Made' }),
    });
    expect(made.status).toBe(201);
    expect((await c.t.request(`${c.base}${made.body.id}/`, { method: 'DELETE', token: writer })).status).toBe(
      204,
    );
    await c.db.update(merchants).set({ checkCustomRoles: false }).where(eq(merchants.id, c.merchantId));
    // Standard merchant: staff write templates (docs/product.md §6).
    const staffMade = await c.t.request(c.base, {
      method: 'POST',
      token: c.staff,
      json: templateBody({ name: 'Staff Made' }),
    });
    expect(staffMade.status).toBe(201);
  });

  it('refuses another merchant’s template under this merchant’s path, whatever the body', async () => {
    const foreign = `${c.base}${rivalTemplateId}/`;
    const calls = [
      await c.t.request(foreign, { token: c.admin }),
      await c.t.request(foreign, { method: 'PUT', token: c.admin, json: templateBody({ name: 'Stolen' }) }),
      await c.t.request(foreign, { method: 'PUT', token: c.admin, json: {} }),
      await c.t.request(foreign, { method: 'DELETE', token: c.admin }),
      await c.t.request(`${foreign}render/`, { method: 'POST', token: c.admin, json: {} }),
    ];
    for (const answer of calls) expect(answer).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    const [row] = await c.db.select().from(messageTemplates).where(eq(messageTemplates.id, rivalTemplateId));
    expect(row).toMatchObject({ name: 'Rival Secret Template', deletedAt: null });
    const listed = await c.t.request(`${c.base}?page_size=1000&include_hidden=true`, { token: c.admin });
    expect(JSON.stringify(listed.body)).not.toContain('Rival Secret');
  });

  it('refuses this merchant’s templates to another merchant’s admin', async () => {
    expect((await c.t.request(c.base, { token: c.rivalAdmin })).status).toBe(404);
    const customerRender = { message_template_body: 'Hi', customer: 'someone' };
    expect(
      (
        await c.t.request(`${c.base}customer_render/`, {
          method: 'POST',
          token: c.rivalAdmin,
          json: customerRender,
        })
      ).status,
    ).toBe(404);
    expect((await c.t.request(`${c.base}${ownTemplateId}/`, { token: c.rivalAdmin })).status).toBe(404);
    const rivalPath = `/api/merchants/${c.rivalMerchantId}/message_templates/${ownTemplateId}/`;
    expect((await c.t.request(rivalPath, { token: c.rivalAdmin })).status).toBe(404);
  });
});
