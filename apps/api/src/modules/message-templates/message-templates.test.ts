import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTemplates } from '../../db/schema';
import { setUpTemplatesTest, templateBody, type TemplatesTestContext } from './message-templates-test-setup';

describe('message templates: create, list, update, delete and their rules', () => {
  let c: TemplatesTestContext;
  const create = (json: unknown, token = c.staff) => c.t.request(c.base, { method: 'POST', token, json });
  const update = (id: string, json: unknown, token = c.staff) =>
    c.t.request(`${c.base}${id}/`, { method: 'PUT', token, json });
  const remove = (id: string, token = c.staff) => c.t.request(`${c.base}${id}/`, { method: 'DELETE', token });
  const list = (query = '', token = c.staff) => c.t.request(`${c.base}?${query}`, { token });
  const names = (answer: { body: { results: { name: string }[] } }) => answer.body.results.map((r) => r.name);

  beforeAll(async () => {
    c = await setUpTemplatesTest();
  });
  afterAll(() => c.t.close());

  it('creates a template: SCHEDULED with days, UNSCHEDULED without, whatever type the caller sends', async () => {
    const at = c.t.clock.now().toISOString();
    const scheduled = await create(templateBody({ name: 'Five Days Out', delta_days: 5, type: 'WELCOME' }));
    expect(scheduled.status).toBe(201);
    expect(scheduled.body).toEqual({
      id: expect.any(String),
      name: 'Five Days Out',
      description: '',
      type: 'SCHEDULED',
      active: true,
      is_visible: true,
      delta_days: 5,
      message_bodies: [
        { language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}, due {{due_date}}' },
      ],
      is_system: false,
      created: at,
      updated: at,
    });
    const plain = await create(templateBody({ name: 'No Schedule', type: 'SCHEDULED' }));
    expect(plain.body).toMatchObject({ type: 'UNSCHEDULED', delta_days: null, is_system: false });
    const read = await c.t.request(`${c.base}${scheduled.body.id}/`, { token: c.staff });
    expect(read).toMatchObject({ status: 200, body: scheduled.body });
  });

  it('clears the days of a body with a collector-name placeholder and saves it UNSCHEDULED', async () => {
    const bodies = [
      { body_type: 'TEXT', message_body: 'This is {{collector_name}} calling about {{amount_due}}' },
    ];
    const answer = await create(
      templateBody({ name: 'From Collector', delta_days: 4, message_bodies: bodies }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ type: 'UNSCHEDULED', delta_days: null });
    // Days 4 stay free: the collector template took none.
    expect((await create(templateBody({ name: 'Four Days Out', delta_days: 4 }))).body.delta_days).toBe(4);
    // An update that adds the placeholder clears an existing schedule too.
    const scheduled = await create(templateBody({ name: 'Six Days Out', delta_days: 6 }));
    const changed = await update(
      scheduled.body.id,
      templateBody({ name: 'Six Days Out', delta_days: 6, message_bodies: bodies }),
    );
    expect(changed.body).toMatchObject({ type: 'UNSCHEDULED', delta_days: null });
  });

  it('refuses a name already in use, without regard to case', async () => {
    await create(templateBody({ name: 'Welcome Back' }));
    const taken = await create(templateBody({ name: '  welcome BACK ' }));
    expect(taken).toMatchObject({ status: 400, body: { name: ['Existing template name'] } });
    // System template names count too.
    expect((await create(templateBody({ name: 'payment failed' }))).body).toEqual({
      name: ['Existing template name'],
    });
  });

  it('refuses days another SCHEDULED template has, and says both rules at once', async () => {
    await create(templateBody({ name: 'Ten Days Out', delta_days: 10 }));
    const days = await create(templateBody({ name: 'Ten Again', delta_days: 10 }));
    expect(days).toMatchObject({
      status: 400,
      body: { delta_days: ['A template already exists for the chosen days'] },
    });
    const both = await create(templateBody({ name: 'ten days out', delta_days: 10 }));
    expect(both.body).toEqual({
      name: ['Existing template name'],
      delta_days: ['A template already exists for the chosen days'],
    });
    // -10 (after the due date) is another choice than 10 (before).
    expect((await create(templateBody({ name: 'Ten Days Late', delta_days: -10 }))).status).toBe(201);
  });

  it('lets a template keep its own name and days on update, and refuses another’s', async () => {
    const own = await create(templateBody({ name: 'Twelve Days Out', delta_days: 12 }));
    const again = await update(
      own.body.id,
      templateBody({ name: 'TWELVE days out', delta_days: 12, description: 'x' }),
    );
    expect(again.body).toMatchObject({ name: 'TWELVE days out', delta_days: 12, description: 'x' });
    const other = await create(templateBody({ name: 'Thirteen Days Out', delta_days: 13 }));
    const clash = await update(other.body.id, templateBody({ name: 'Twelve Days Out', delta_days: 12 }));
    expect(clash.body).toEqual({
      name: ['Existing template name'],
      delta_days: ['A template already exists for the chosen days'],
    });
  });

  it('limits text bodies to 300 characters (email bodies may be longer) and needs a text body', async () => {
    const long = await create(
      templateBody({
        name: 'Too Long',
        message_bodies: [{ body_type: 'TEXT', message_body: 'x'.repeat(301) }],
      }),
    );
    expect(long).toMatchObject({
      status: 400,
      body: { 'message_bodies.0': ['Messages can be at most 300 characters'] },
    });
    const exact = templateBody({
      name: 'Exactly 300',
      message_bodies: [{ body_type: 'TEXT', message_body: 'y'.repeat(300) }],
    });
    expect((await create(exact)).status).toBe(201);
    const withEmail = await create(
      templateBody({
        name: 'Long Email',
        message_bodies: [
          { body_type: 'TEXT', message_body: 'Short text' },
          { body_type: 'EMAIL', message_body: 'z'.repeat(2000) },
        ],
      }),
    );
    expect(withEmail.status).toBe(201);
    const emailOnly = await create(
      templateBody({ name: 'Email Only', message_bodies: [{ body_type: 'EMAIL', message_body: 'Hi' }] }),
    );
    expect(emailOnly).toMatchObject({
      status: 400,
      body: { message_bodies: ['A template needs a text message'] },
    });
    expect((await create(templateBody({ name: '   ' }))).body).toEqual({ name: ['Required'] });
  });

  it('keeps system templates active, their type fixed, and undeletable', async () => {
    const welcome = (await list('type=WELCOME')).body.results[0];
    expect(welcome).toMatchObject({ type: 'WELCOME', is_system: true, active: true });
    const body = { ...welcome, name: 'Welcome Aboard', delta_days: 3 };
    const renamed = await update(welcome.id, body);
    expect(renamed.body).toMatchObject({
      name: 'Welcome Aboard',
      type: 'WELCOME',
      delta_days: null,
      active: true,
    });
    const off = await update(welcome.id, { ...body, active: false });
    expect(off).toMatchObject({
      status: 400,
      body: { active: ['Auto generated templates must remain active'] },
    });
    const retyped = await update(welcome.id, { ...body, type: 'SCHEDULED' });
    expect(retyped.body).toEqual({ type: ['The type of an auto generated template cannot change'] });
    const deleted = await remove(welcome.id);
    expect(deleted).toMatchObject({
      status: 400,
      body: { non_field_errors: ['Auto generated templates cannot be deleted'] },
    });
    expect((await c.t.request(`${c.base}${welcome.id}/`, { token: c.staff })).body.active).toBe(true);
  });

  it('deletes softly: the template leaves every list and its name and days are free again', async () => {
    const doomed = await create(templateBody({ name: 'Doomed', delta_days: 20 }));
    expect((await remove(doomed.body.id)).status).toBe(204);
    expect((await c.t.request(`${c.base}${doomed.body.id}/`, { token: c.staff })).status).toBe(404);
    expect((await remove(doomed.body.id)).status).toBe(404);
    expect((await update(doomed.body.id, templateBody({ name: 'Doomed' }))).status).toBe(404);
    expect(names(await list('search=doomed'))).toEqual([]);
    const [row] = await c.db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.id, doomed.body.id), isNotNull(messageTemplates.deletedAt)));
    expect(row).toMatchObject({ active: false, name: 'Doomed' });
    const reborn = await create(templateBody({ name: 'doomed', delta_days: 20 }));
    expect(reborn.body).toMatchObject({ name: 'doomed', delta_days: 20, type: 'SCHEDULED' });
  });

  it('lists by name with search, type and active filters and pages up to 1000', async () => {
    const paused = await create(templateBody({ name: 'Paused One', active: false }));
    const all = await list('page_size=1000');
    expect(all.status).toBe(200);
    const listed = names(all);
    expect(listed).toEqual([...listed].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.body.count).toBe(listed.length);
    expect(all.body.results.filter((r: { is_system: boolean }) => r.is_system)).toHaveLength(13);
    expect(names(await list('search=DAYS%20OUT'))).toEqual(
      expect.arrayContaining(['Five Days Out', 'Four Days Out', 'Ten Days Out', 'Thirteen Days Out']),
    );
    expect(names(await list('search=%25'))).toEqual([]);
    const scheduled = (await list('type=SCHEDULED&page_size=1000')).body.results;
    expect(scheduled.every((r: { type: string }) => r.type === 'SCHEDULED')).toBe(true);
    expect(names(await list('active=false'))).toEqual(['Paused One']);
    expect(names(await list('active=true&page_size=1000'))).not.toContain('Paused One');
    const page = await list('page=2&page_size=5');
    expect(page.body).toMatchObject({ count: all.body.count, results: all.body.results.slice(5, 10) });
    expect(page.body.previous).toContain('page=1');
    expect((await list('page_size=1001')).status).toBe(400);
    expect(paused.body.active).toBe(false);
  });

  it('hides a compose flow’s unsaved body (inactive, hidden) unless asked', async () => {
    const unsaved = await create(
      templateBody({ name: 'Unsaved 2026-05-01 10:15:00', active: false, is_visible: false }),
    );
    expect(unsaved.body).toMatchObject({ active: false, is_visible: false });
    expect(names(await list('search=unsaved'))).toEqual([]);
    expect(names(await list('search=unsaved&include_hidden=true'))).toEqual(['Unsaved 2026-05-01 10:15:00']);
    expect((await c.t.request(`${c.base}${unsaved.body.id}/`, { token: c.staff })).status).toBe(200);
  });

  it('answers a racing duplicate name or days with the same 400, and keeps one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create(templateBody({ name: i % 2 ? 'Racer' : 'racer', delta_days: i % 2 ? 30 : null })),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(400);
      expect(answer.body.name).toEqual(['Existing template name']);
    }
    const days = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(templateBody({ name: `Day Racer ${i}`, delta_days: 31 }))),
    );
    expect(days.filter((a) => a.status === 201)).toHaveLength(1);
    for (const answer of days.filter((a) => a.status !== 201)) {
      expect(answer).toMatchObject({
        status: 400,
        body: { delta_days: ['A template already exists for the chosen days'] },
      });
    }
  });
});
