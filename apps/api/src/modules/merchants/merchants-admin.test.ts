import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchants } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createUser } from '../auth/users.repository';
import { createTestApp, type TestApp } from '../../test/app';

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const fullMerchant = {
  name: 'Lone Star Autos',
  integration_type: 'dealercenter',
  is_integrated: true,
  check_custom_roles: false,
  allow_group_message: true,
  time_zone: 'America/Chicago',
  status: 'active',
};

const logoForm = (bytes: Buffer, fileName: string, type = 'image/png') => {
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
};

describe('super admin merchant screens', () => {
  let t: TestApp;
  let dataDir: string;
  let superAccess: string;
  let demoId: string;
  beforeAll(async () => {
    // Logos are written under DATA_DIR/media: a throwaway folder per run.
    dataDir = await mkdtemp(path.join(tmpdir(), 'paylane-logos-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    superAccess = await t.demoToken('superadmin');
    demoId = await t.demoMerchantId();
    await t.database.db.insert(merchants).values([{ name: 'Zephyr Cars' }, { name: 'Apex 100% Autos' }]);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists every merchant to super admins, searching by trimmed name and paging', async () => {
    const all = await t.request('/api/merchants/', { token: superAccess });
    expect(all.status).toBe(200);
    expect(all.body.results.map((m: { name: string }) => m.name)).toEqual([
      'Apex 100% Autos',
      'Demo Motors',
      'Zephyr Cars',
    ]);
    expect(all.body.results[1]).toMatchObject({ id: demoId, status: 'active', logo: null });
    const search = await t.request('/api/merchants/?search=%20%25%20', { token: superAccess });
    expect(search.body.results.map((m: { name: string }) => m.name)).toEqual(['Apex 100% Autos']);
    const page = await t.request('/api/merchants/?page_size=2&page=2', { token: superAccess });
    expect(page.body).toMatchObject({
      count: 3,
      next: null,
      previous: '/api/merchants/?page_size=2&page=1',
    });
    expect(page.body.results.map((m: { name: string }) => m.name)).toEqual(['Zephyr Cars']);
  });

  it('creates a merchant with defaults, and answers bad input field by field', async () => {
    const created = await t.request('/api/merchants/', {
      method: 'POST',
      token: superAccess,
      json: { name: '  Fresh Start Motors ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Fresh Start Motors',
      status: 'pending',
      time_zone: 'America/New_York',
      integration_type: null,
      is_integrated: false,
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.body.id), eq(auditLog.action, 'merchant.created')));
    expect(entry?.after).toMatchObject({ name: 'Fresh Start Motors' });

    const bad = await t.request('/api/merchants/', {
      method: 'POST',
      token: superAccess,
      json: { name: ' ', time_zone: 'Mars/Olympus', status: 'closed', integration_type: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      name: ['Required'],
      time_zone: ['Time zone is not valid'],
      status: ['Select a valid choice'],
      integration_type: ['Select a valid choice'],
    });
  });

  it('replaces a merchant record and audits before and after', async () => {
    const updated = await t.request(`/api/merchants/${demoId}/`, {
      method: 'PUT',
      token: superAccess,
      json: fullMerchant,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ ...fullMerchant, id: demoId });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, demoId), eq(auditLog.action, 'merchant.updated')));
    expect(entry?.before).toMatchObject({ name: 'Demo Motors', integration_type: null });
    expect(entry?.after).toMatchObject({ name: 'Lone Star Autos', integration_type: 'dealercenter' });

    const partial = await t.request(`/api/merchants/${demoId}/`, {
      method: 'PUT',
      token: superAccess,
      json: { name: 'Only a name' },
    });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({ is_integrated: ['Required'], status: ['Required'] });
  });

  it('refuses the merchant screens to admins and staff', async () => {
    for (const email of ['admin@demo.paylane.test', 'staff@demo.paylane.test']) {
      const { access } = await t.signIn(email);
      const list = await t.request('/api/merchants/', { token: access });
      expect(list.status).toBe(403);
      expect(list.body).toEqual({ detail: 'You do not have permission to perform this action.' });
      const create = await t.request('/api/merchants/', {
        method: 'POST',
        token: access,
        json: fullMerchant,
      });
      expect(create.status).toBe(403);
      const update = await t.request(`/api/merchants/${demoId}/`, {
        method: 'PUT',
        token: access,
        json: fullMerchant,
      });
      expect(update.status).toBe(403);
      const upload = await t.request(`/api/merchants/${demoId}/upload_logo/`, {
        method: 'POST',
        token: access,
        body: logoForm(PNG, 'logo.png'),
      });
      expect(upload.status).toBe(403);
    }
  });

  it('stores a logo checked by its bytes and serves it publicly', async () => {
    const uploaded = await t.request(`/api/merchants/${demoId}/upload_logo/`, {
      method: 'POST',
      token: superAccess,
      body: logoForm(PNG, 'brand.PNG'),
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.logo).toMatch(/^\/media\/logos\/[0-9a-f]{32}\.png$/);
    const file = await t.request(uploaded.body.logo);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-length')).toBe(String(PNG.length));
    const profile = await t.request(`/api/merchants/${demoId}/`, { token: superAccess });
    expect(profile.body.logo).toBe(uploaded.body.logo);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, demoId), eq(auditLog.action, 'merchant.logo_updated')));
    expect(entry?.after).toEqual({ logo: uploaded.body.logo });
  });

  it('refuses logos over 1 MB, files that are not PNG, JPEG or WebP, and other fields', async () => {
    const upload = (form: FormData) =>
      t.request(`/api/merchants/${demoId}/upload_logo/`, { method: 'POST', token: superAccess, body: form });
    const big = Buffer.concat([PNG, Buffer.alloc(1_048_576)]);
    expect((await upload(logoForm(big, 'big.png'))).body).toEqual({
      logo: ['File must be less than 1mb in size'],
    });
    const text = await upload(logoForm(Buffer.from('definitely not an image'), 'fake.png'));
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ logo: ['Logo must be a PNG, JPEG or WebP image'] });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(logoForm(svg, 'logo.svg', 'image/svg+xml'))).body).toEqual({
      logo: ['Logo must be a PNG, JPEG or WebP image'],
    });
    const wrongField = new FormData();
    wrongField.append('image', new Blob([new Uint8Array(PNG)]), 'logo.png');
    expect((await upload(wrongField)).body).toEqual({ logo: ['Required'] });
    const json = await t.request(`/api/merchants/${demoId}/upload_logo/`, {
      method: 'POST',
      token: superAccess,
      json: {},
    });
    expect(json.body).toEqual({ logo: ['Required'] });
  });

  it('serves only file names it issued', async () => {
    for (const name of [
      '..%2F..%2Fjwt-secret',
      'nothex.png',
      `${'a'.repeat(32)}.svg`,
      `${'a'.repeat(32)}.png`,
    ]) {
      const response = await t.request(`/media/logos/${name}`);
      expect(response.status).toBe(404);
    }
  });

  it('shows partners only the merchants they onboarded, read-only', async () => {
    const partner = await createUser(t.database.db, {
      email: 'pat@partner.test',
      passwordHash: await hashPassword('Partner-Pass-1'),
      firstName: 'Pat',
      lastName: 'Partner',
      isSuperAdmin: false,
      isPartner: true,
    });
    const [mine] = await t.database.db
      .update(merchants)
      .set({ partnerUserId: partner.id })
      .where(eq(merchants.name, 'Zephyr Cars'))
      .returning();
    const { access } = await t.signIn('pat@partner.test', 'Partner-Pass-1');
    const list = await t.request('/api/merchants/', { token: access });
    expect(list.body.results.map((m: { name: string }) => m.name)).toEqual(['Zephyr Cars']);
    expect((await t.request('/api/merchants/?search=demo', { token: access })).body.count).toBe(0);
    const create = await t.request('/api/merchants/', { method: 'POST', token: access, json: fullMerchant });
    expect(create.status).toBe(403);
    for (const id of [mine!.id, demoId]) {
      expect((await t.request(`/api/merchants/${id}/`, { token: access })).status).toBe(404);
      const update = await t.request(`/api/merchants/${id}/`, {
        method: 'PUT',
        token: access,
        json: fullMerchant,
      });
      expect(update.status).toBe(404);
    }
  });
});
