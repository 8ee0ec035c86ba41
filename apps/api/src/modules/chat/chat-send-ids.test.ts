import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as catalogue } from '@paylane/shared/messages';
import { merchants, messages, messageTemplates } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { insertLocation, insertPeople, type InboxPerson } from '../inbox/inbox-test-setup';

// Issue 14 item 7: what send_message does with ids and callers it did not expect, and how uploads come back.
describe('chat send_message: template ids, API keys, and served uploads', () => {
  let t: TestApp;
  let dataDir: string;
  let merchantId: string;
  let base: string;
  let staff: string;
  let carla: InboxPerson;
  let rivalTemplateId: string;

  const send = (body: Record<string, unknown>, authorization?: string) =>
    t.request(`${base}/accounts/${carla.accountId}/send_message/`, {
      method: 'POST',
      json: { customer: carla.id, ...body },
      headers: { authorization: authorization ?? `Bearer ${staff}` },
    });
  const storedMessages = () => t.database.db.select().from(messages).where(eq(messages.customerId, carla.id));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'paylane-chat-ids-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    const { db } = t.database;
    const [merchant] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    merchantId = merchant!.id;
    base = `/api/merchants/${merchantId}`;
    staff = await t.demoToken('staff');
    const lot = await insertLocation(t, merchant!.id, 'Ids Lot');
    [carla] = (await insertPeople(t, {
      merchantId: merchant!.id,
      locationId: lot,
      people: [{ first: 'Carla', last: 'Ids', externalId: 'IDS-1', phone: '+17375550191' }],
    })) as [InboxPerson];
    const [rival] = await db.insert(merchants).values({ name: 'Rival Ids Motors' }).returning();
    const [template] = await db
      .insert(messageTemplates)
      .values({
        merchantId: rival!.id,
        name: 'Rival hello',
        type: 'UNSCHEDULED',
        messageBodies: [{ language: 'en-US', body_type: 'TEXT', message_body: 'Rival says hi' }],
      })
      .returning();
    rivalTemplateId = template!.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses another merchant's template id and a malformed one as the field's error, storing nothing", async () => {
    const notFound = { message_template_id: [catalogue.notFound] };
    const foreign = await send({ message: 'Hello', message_template_id: rivalTemplateId });
    expect(foreign).toMatchObject({ status: 400, body: notFound });
    const malformed = await send({ message: 'Hello', message_template_id: 'not-a-uuid' });
    expect(malformed).toMatchObject({ status: 400, body: notFound });
    expect(await storedMessages()).toEqual([]);
  });

  it('the database refuses a message that names another merchant’s template, whatever the code checked', async () => {
    const insert = t.database.db.insert(messages).values({
      merchantId,
      customerId: carla.id,
      direction: 'outbound',
      channel: 'sms',
      kind: 'chat',
      body: 'slipped through',
      toAddress: carla.phone,
      status: 'pending',
      templateId: rivalTemplateId,
    });
    await expect(insert).rejects.toMatchObject({ cause: { code: '23503' } });
  });

  it('sends for an integration’s API key, with no staff sender', async () => {
    const superAdmin = await t.demoToken('superadmin');
    const created = await t.request(`${base}/api_keys/`, {
      method: 'POST',
      token: superAdmin,
      json: { name: 'DMS' },
    });
    expect(created.status).toBe(201);
    const sent = await send({ message: 'Your payment posted' }, `Api-Key ${created.body.key}`);
    expect(sent.status).toBe(201);
    expect(sent.body[carla.id]).toMatchObject({ body: 'Your payment posted', sender: null });
  });

  it('serves an uploaded PDF as a download and every upload under a sandboxing policy', async () => {
    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const answer = await t.request(`${base}/accounts/${carla.accountId}/upload_mms_media/`, {
        method: 'POST',
        token: staff,
        body: form,
      });
      return t.request(answer.body.media_path as string);
    };
    const pdf = await upload(Buffer.from('%PDF-1.4\n<</OpenAction<</JS(alert(1))>>>>\n'), 'x.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="[0-9a-f]{32}\.pdf"$/);
    expect(pdf.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    const png = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'x.png');
    expect(png.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(png.headers.get('content-security-policy')).toMatch(/^sandbox;/);
  });
});
