import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, merchants, users } from '../db/schema';
import { openTestSocket, socketUrl } from '../modules/live/live-test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { redactUrl, REDACTED } from './logging';
import { generateSecret } from './secrets';

describe('redactUrl', () => {
  it('hides every query value and secret-looking path segment, and keeps ids, route words and assets', () => {
    const id = '0b8f6a52-6a2b-4d6e-9f1b-2f3c4d5e6f70';
    const token = generateSecret();
    expect(redactUrl(`/reset-password/${id}/${token}`)).toBe(`/reset-password/${id}/${REDACTED}`);
    expect(redactUrl(`/api/user-invites/${id}/${token}/`)).toBe(`/api/user-invites/${id}/${REDACTED}/`);
    expect(redactUrl(`/sso?id=${id}&token=${token}&flag`)).toBe(`/sso?id=${REDACTED}&token=${REDACTED}&flag`);
    expect(redactUrl('/media/mms/0123456789abcdef0123456789abcdef.pdf')).toBe(`/media/mms/${REDACTED}`);
    expect(redactUrl(`/api/merchants/${id}/customers/send_customers_message/`)).toBe(
      `/api/merchants/${id}/customers/send_customers_message/`,
    );
    expect(redactUrl('/assets/customers-list-CkVd2f8aQ1.js')).toBe('/assets/customers-list-CkVd2f8aQ1.js');
  });
});

const wsBaseOf = (t: TestApp) => `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

/** Everything the app logs, as text. */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

// Issue 14 item 4: tokens travel in URLs (reset, invite and SSO links, websocket handshakes) and personal data in
// failed queries' parameters and PostgreSQL's error details. None of it may reach the log.
describe('the log of a running app', () => {
  const log = captureLog();
  let t: TestApp;
  let merchantId: string;
  let customerId: string;
  let adminId: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    const { db } = t.database;
    const [merchant] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    merchantId = merchant!.id;
    const [customer] = await db.select().from(customers).where(eq(customers.merchantId, merchantId)).limit(1);
    customerId = customer!.id;
    const [user] = await db.select().from(users).where(eq(users.email, 'admin@demo.paylane.test'));
    adminId = user!.id;
    admin = await t.demoToken('admin');
  });
  afterAll(() => t.close());

  it('names no token of a reset, invite or SSO link, and no access token of a socket', async () => {
    const resetToken = generateSecret();
    const inviteToken = generateSecret();
    const ssoToken = generateSecret();
    await t.request(`/reset-password/${adminId}/${resetToken}`);
    await t.request(`/api/user-invites/${adminId}/${inviteToken}/`);
    await t.request(`/sso?id=${adminId}&token=${ssoToken}`);
    await t.request('/api/sso-auth/', { method: 'POST', json: { id: adminId, token: ssoToken } });
    const socket = await openTestSocket(socketUrl(wsBaseOf(t), `/ws/inbox/${merchantId}/`, { token: admin }));
    await socket.close();

    const text = log.text();
    expect(text).toContain('/reset-password/');
    expect(text).toContain(`/ws/inbox/${merchantId}/?token=${REDACTED}`);
    for (const secret of [resetToken, inviteToken, ssoToken, admin]) expect(text).not.toContain(secret);
  });

  it('logs a failed insert with its SQL and error code, without the values it carried', async () => {
    const { db } = t.database;
    // A constraint the code does not know about, so the insert fails as an unforeseen bug would.
    await db.execute(sql`create unique index notes_body_probe on customer_notes (body)`);
    const note = 'Called from 512-555-0147, born 1984-03-09, says the card ending 4242 is lost';
    const first = await t.request(`/api/merchants/${merchantId}/customers/${customerId}/notes/`, {
      method: 'POST',
      token: admin,
      json: { body: note },
    });
    expect(first.status).toBe(201);
    const second = await t.request(`/api/merchants/${merchantId}/customers/${customerId}/notes/`, {
      method: 'POST',
      token: admin,
      json: { body: note },
    });
    expect(second.status).toBe(500);
    await db.execute(sql`drop index notes_body_probe`);

    const text = log.text();
    expect(text).toContain('insert into \\"customer_notes\\"');
    expect(text).toContain('"code":"23505"');
    for (const value of [note, '512-555-0147', '1984-03-09']) expect(text).not.toContain(value);
  });
});
