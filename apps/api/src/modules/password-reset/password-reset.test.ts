import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const STAFF = 'staff@demo.paylane.test';
const NEW_PASSWORD = 'Fresh-Start-22';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const latestLink = async (email: string) => {
    const outbox = await t.request(`/api/dev/outbox/emails/?to=${encodeURIComponent(email)}`);
    const text: string = outbox.body.results[0]?.text ?? '';
    const match = text.match(/\/reset-password\/([^/\s]+)\/([^/\s]+)/);
    if (!match) throw new Error(`no reset link in: ${text}`);
    return { id: match[1] as string, token: match[2] as string };
  };

  it('answers the same whether or not the email exists, and emails only real users', async () => {
    const known = await t.request('/api/password-reset/', { method: 'POST', json: { email: STAFF } });
    const unknown = await t.request('/api/password-reset/', {
      method: 'POST',
      json: { email: 'ghost@example.test' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect((await t.request('/api/dev/outbox/emails/?to=ghost@example.test')).body.count).toBe(0);
    expect((await t.request(`/api/dev/outbox/emails/?to=${STAFF}`)).body.count).toBe(1);
  });

  it('checks the password rule and the confirmation', async () => {
    const { id, token } = await latestLink(STAFF);
    const weak = await t.request('/api/password-reset/confirm/', {
      method: 'POST',
      json: { id, token, password: 'password', password_confirm: 'password' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.password[0]).toMatch(/at least 8 characters/);
    const mismatch = await t.request('/api/password-reset/confirm/', {
      method: 'POST',
      json: { id, token, password: NEW_PASSWORD, password_confirm: 'Other-Pass-22' },
    });
    expect(mismatch.body).toEqual({ password_confirm: ['Passwords do not match'] });
  });

  it('sets the new password once, ends old sessions, and the link never works again', async () => {
    const oldSession = await t.signIn(STAFF);
    const { id, token } = await latestLink(STAFF);
    const json = { id, token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD };
    expect((await t.request('/api/password-reset/confirm/', { method: 'POST', json })).status).toBe(200);
    expect((await t.signIn(STAFF, NEW_PASSWORD)).access).toBeTruthy();
    const oldPassword = await t.request('/api/token/', {
      method: 'POST',
      json: { email: STAFF, password: 'Paylane-Demo-1' },
    });
    expect(oldPassword.status).toBe(401);
    expect(
      (await t.request('/api/token/refresh/', { method: 'POST', json: { refresh: oldSession.refresh } }))
        .status,
    ).toBe(401);
    const replay = await t.request('/api/password-reset/confirm/', { method: 'POST', json });
    expect(replay.body).toEqual({ token: ['Invalid Token'] });
  });

  it('expires the link after an hour', async () => {
    await t.request('/api/password-reset/', { method: 'POST', json: { email: STAFF } });
    const { id, token } = await latestLink(STAFF);
    t.clock.advance(3601);
    const late = await t.request('/api/password-reset/confirm/', {
      method: 'POST',
      json: { id, token, password: 'Later-Pass-33', password_confirm: 'Later-Pass-33' },
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ token: ['Invalid Token'] });
  });
});
