import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as catalogue } from '@paylane/shared/messages';
import {
  customRoles,
  customers,
  locations,
  memberships,
  merchants,
  messageTemplates,
  outboxSms,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { insertInbound, insertLocation, insertPeople, type InboxPerson } from '../inbox/inbox-test-setup';
import { setQuietHours } from '../messaging/messaging-test-setup';
import { waitUntil } from '../../test/wait';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('chat (issue 6)', () => {
  let t: TestApp;
  let dataDir: string;
  let merchantId: string;
  let base: string;
  let staff: string;
  let people: InboxPerson[];

  const send = (
    person: InboxPerson,
    body: Record<string, unknown>,
    init: { token?: string; key?: string } = {},
  ) =>
    t.request(`${base}/accounts/${person.accountId}/send_message/`, {
      method: 'POST',
      token: init.token ?? staff,
      json: { customer: person.id, ...body },
      headers: init.key ? { 'idempotency-key': init.key } : {},
    });
  const upload = (person: InboxPerson, bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    return t.request(`${base}/accounts/${person.accountId}/upload_mms_media/`, {
      method: 'POST',
      token: staff,
      body: form,
    });
  };

  beforeAll(async () => {
    // Attachments are written under DATA_DIR/media: a throwaway folder per run.
    dataDir = await mkdtemp(path.join(tmpdir(), 'paylane-mms-'));
    t = await createTestApp({ OUTBOX_SMS_STEP_MS: '20', DATA_DIR: dataDir }, { jobs: true });
    merchantId = await t.demoMerchantId();
    base = `/api/merchants/${merchantId}`;
    await setQuietHours(t, merchantId, '00:00', '00:00');
    staff = await t.demoToken('staff');
    const lot = await insertLocation(t, merchantId, 'Chat Lot');
    people = await insertPeople(t, {
      merchantId,
      locationId: lot,
      people: [
        { first: 'Carla', last: 'Chat', externalId: 'CH-1', phone: '+17375550101' },
        { first: 'Omar', last: 'Optout', externalId: 'CH-2', phone: '+17375550102' },
        { first: 'Nina', last: 'Nophone', externalId: 'CH-3', phone: null },
        { first: 'Sofia', last: 'Spanish', externalId: 'CH-4', phone: '+17375550104', language: 'es-US' },
      ],
    });
    await t.database.db
      .update(customers)
      .set({ smsOptedOutAt: new Date() })
      .where(eq(customers.id, people[1]!.id));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('pages a customer’s messages newest first and searches their bodies', async () => {
    const carla = people[0]!;
    for (let i = 0; i < 30; i++)
      await insertInbound(t, merchantId, carla, i === 12 ? 'Where is the NEEDLE?' : `message ${i}`);
    const page = await t.request(`${base}/customers/${carla.id}/messages/`, { token: staff });
    expect(page.status).toBe(200);
    expect(page.body.results).toHaveLength(25);
    expect(page.body.results[0]).toMatchObject({
      customer_id: carla.id,
      direction: 'inbound',
      channel: 'sms',
      sender: null,
      body: 'message 29',
      status: 'received',
      attachments: [],
    });
    const older = await t.request(page.body.next, { token: staff });
    expect(older.body.results.map((m: { body: string }) => m.body)).toEqual([
      'message 4',
      'message 3',
      'message 2',
      'message 1',
      'message 0',
    ]);
    expect(older.body.next).toBeNull();
    const found = await t.request(`${base}/customers/${carla.id}/messages/?search=needle`, { token: staff });
    expect(found.body.results.map((m: { body: string }) => m.body)).toEqual(['Where is the NEEDLE?']);
    const rival = await t.request(`/api/merchants/${merchantId}/customers/${crypto.randomUUID()}/messages/`, {
      token: staff,
    });
    expect(rival.status).toBe(404);
  });

  it('sends free text once per Idempotency-Key, as the staff sender, and it is delivered', async () => {
    const carla = people[0]!;
    const first = await send(carla, { message: 'Hello Carla' }, { key: 'chat-key-1' });
    expect(first.status).toBe(201);
    const message = first.body[carla.id];
    expect(message).toMatchObject({
      body: 'Hello Carla',
      direction: 'outbound',
      account_id: carla.accountId,
      sender: { first_name: expect.any(String), roles: ['staff'] },
      secondary_message: null,
    });
    const again = await send(carla, { message: 'Hello Carla' }, { key: 'chat-key-1' });
    expect(again.status).toBe(201);
    expect(again.body[carla.id].id).toBe(message.id);
    const sent = await waitForOutbox(message.id);
    expect(sent.body).toBe('Hello Carla');
    const inbox = await t.request(`${base}/inbox/${carla.id}/`, { token: staff });
    expect(inbox.body.last_message_body).toBe('Hello Carla');
  });

  it('refuses opted-out customers, customers without a phone and accounts that are not theirs', async () => {
    const optedOut = await send(people[1]!, { message: 'Hi' });
    expect(optedOut).toMatchObject({ status: 400, body: { non_field_errors: [catalogue.optedOut] } });
    const noPhone = await send(people[2]!, { message: 'Hi' });
    expect(noPhone).toMatchObject({ status: 400, body: { non_field_errors: [catalogue.noSmsPhone] } });
    const notTheirs = await t.request(`${base}/accounts/${people[2]!.accountId}/send_message/`, {
      method: 'POST',
      token: staff,
      json: { customer: people[0]!.id, message: 'Hi' },
    });
    expect(notTheirs.status).toBe(404);
    const [rival] = await t.database.db.insert(merchants).values({ name: 'Rival Chat' }).returning();
    const [rivalLot] = await t.database.db
      .insert(locations)
      .values({ merchantId: rival!.id, name: 'R' })
      .returning();
    const [stranger] = await insertPeople(t, {
      merchantId: rival!.id,
      locationId: rivalLot!.id,
      people: [{ first: 'R', last: 'R', externalId: 'R-1', phone: '+17375550199' }],
    });
    expect((await send(stranger!, { message: 'Hi' })).status).toBe(404);
    expect((await upload(stranger!, PNG, 'a.png', 'image/png')).status).toBe(404);
    const empty = await send(people[0]!, { message: '   ' });
    expect(empty.status).toBe(400);
  });

  it('without free text sends only a template, rendered by the server for the customer', async () => {
    const { db } = t.database;
    const [template] = await db
      .insert(messageTemplates)
      .values({
        merchantId,
        name: 'Chat hello',
        type: 'UNSCHEDULED',
        messageBodies: [{ language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}!' }],
      })
      .returning();
    const [role] = await db
      .insert(customRoles)
      .values({ merchantId, name: 'Chat only', permissions: {} })
      .returning();
    const [staffUser] = await db.select().from(users).where(eq(users.email, 'staff@demo.paylane.test'));
    const membership = and(eq(memberships.userId, staffUser!.id), eq(memberships.merchantId, merchantId));
    await db.update(merchants).set({ checkCustomRoles: true }).where(eq(merchants.id, merchantId));
    await db.update(memberships).set({ customRoleId: role!.id }).where(membership);
    try {
      const free = await send(people[0]!, { message: 'My own words' });
      expect(free).toMatchObject({ status: 403, body: { detail: catalogue.freeTextNotAllowed } });
      const edited = await send(people[0]!, { message: 'Anything', message_template_id: template!.id });
      expect(edited.status).toBe(201);
      expect(edited.body[people[0]!.id].body).toBe('Hi Carla!');
    } finally {
      await db.update(merchants).set({ checkCustomRoles: false }).where(eq(merchants.id, merchantId));
      await db.update(memberships).set({ customRoleId: null }).where(membership);
    }
  });

  it('sends the original with a note when the customer’s language cannot be translated to', async () => {
    const sofia = people[3]!;
    const sent = await send(sofia, { message: 'Your payment is due', language: 'en-US' });
    expect(sent.status).toBe(201);
    expect(sent.body[sofia.id]).toMatchObject({
      body: 'Your payment is due',
      language: 'en-US',
      translations: {},
      secondary_message: catalogue.translationUnavailable,
    });
    const same = await send(sofia, { message: 'Hola', language: 'es-US' });
    expect(same.body[sofia.id].secondary_message).toBeNull();
  });

  it('uploads images and PDF under 1 MB, judged by their bytes, and sends them as MMS', async () => {
    const carla = people[0]!;
    const tooBig = await upload(carla, Buffer.concat([PNG, Buffer.alloc(1_048_576)]), 'big.png', 'image/png');
    expect(tooBig).toMatchObject({ status: 400, body: { file: [catalogue.mediaTooLarge] } });
    const fake = await upload(carla, Buffer.from('#!/bin/sh\necho hi\n'), 'cat.png', 'image/png');
    expect(fake).toMatchObject({ status: 400, body: { file: [catalogue.mediaBadType] } });
    const pdf = await upload(carla, Buffer.from('%PDF-1.4\n%âãÏÓ\n'), 'invoice.bin', 'text/plain');
    expect(pdf.body.media_path).toMatch(/^\/media\/mms\/[0-9a-f]{32}\.pdf$/);
    const ok = await upload(carla, PNG, 'photo.png', 'image/png');
    expect(ok.status).toBe(200);
    const mediaPath: string = ok.body.media_path;
    expect(mediaPath).toMatch(/^\/media\/mms\/[0-9a-f]{32}\.png$/);
    const served = await t.request(mediaPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    const sent = await send(carla, { message: '', file_url: mediaPath, content_type: 'image/png' });
    expect(sent.status).toBe(201);
    const message = sent.body[carla.id];
    expect(message.attachments).toEqual([{ url: mediaPath, type: 'image/png' }]);
    const outbox = await waitForOutbox(message.id);
    expect(outbox.mediaUrls).toEqual([`${t.config.publicUrl}${mediaPath}`]);
    const forged = await send(carla, { message: 'x', file_url: '/etc/passwd', content_type: 'image/png' });
    expect(forged.status).toBe(400);
  });

  it('shows a super admin sender with the super_admin role', async () => {
    const superAdmin = await t.demoToken('superadmin');
    const sent = await send(people[0]!, { message: 'From the platform' }, { token: superAdmin });
    expect(sent.status).toBe(201);
    expect(sent.body[people[0]!.id].sender.roles).toContain('super_admin');
  });

  function waitForOutbox(messageId: string) {
    return waitUntil(async () => {
      const [row] = await t.database.db
        .select()
        .from(outboxSms)
        .where(eq(outboxSms.idempotencyKey, messageId));
      if (!row) throw new Error(`message ${messageId} has not reached the outbox`);
      return row;
    });
  }
});
