import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeJwtPayload, type TestApp } from '../../test/app';

const ADMIN = 'admin@demo.paylane.test';
const SUPER = 'superadmin@demo.paylane.test';

describe('sign-in and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in with email and password and returns an access and a refresh token', async () => {
    const response = await t.request('/api/token/', {
      method: 'POST',
      json: { email: 'Admin@Demo.Paylane.test', password: 'Paylane-Demo-1' },
    });
    expect(response.status).toBe(200);
    const claims = decodeJwtPayload(response.body.access);
    expect(claims).toMatchObject({ token_type: 'access', groups: [] });
    expect(claims.exp).toBe((claims.iat as number) + 600);
    expect(typeof claims.user_id).toBe('string');
    expect(decodeJwtPayload(response.body.refresh).token_type).toBe('refresh');
  });

  it('marks super admins with the super group', async () => {
    const { access } = await t.signIn(SUPER);
    expect(decodeJwtPayload(access).groups).toEqual(['super']);
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    for (const json of [
      { email: ADMIN, password: 'Wrong-password-1' },
      { email: 'nobody@demo.paylane.test', password: 'Paylane-Demo-1' },
    ]) {
      const response = await t.request('/api/token/', { method: 'POST', json });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'No active account found with the given credentials' });
    }
  });

  it('reports missing and malformed fields by field', async () => {
    const empty = await t.request('/api/token/', { method: 'POST', json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ email: ['Required'], password: ['Required'] });
    const badEmail = await t.request('/api/token/', {
      method: 'POST',
      json: { email: 'not-an-email', password: 'x' },
    });
    expect(badEmail.body).toEqual({ email: ['Email is not valid'] });
  });

  it('rotates refresh tokens: the new pair works and the spent token never does again', async () => {
    const first = await t.signIn(ADMIN);
    const rotated = await t.request('/api/token/refresh/', {
      method: 'POST',
      json: { refresh: first.refresh },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh).not.toBe(first.refresh);
    expect((await t.request('/api/profile/', { token: rotated.body.access })).status).toBe(200);

    const reused = await t.request('/api/token/refresh/', {
      method: 'POST',
      json: { refresh: first.refresh },
    });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ detail: 'Token is invalid or expired' });
    // Within the grace period a reuse (a second tab racing) does not end the session...
    const again = await t.request('/api/token/refresh/', {
      method: 'POST',
      json: { refresh: rotated.body.refresh },
    });
    expect(again.status).toBe(200);
  });

  it('treats a late reuse of a spent refresh token as theft and ends that session', async () => {
    const first = await t.signIn(ADMIN);
    const rotated = await t.request('/api/token/refresh/', {
      method: 'POST',
      json: { refresh: first.refresh },
    });
    t.clock.advance(30);
    const stolen = await t.request('/api/token/refresh/', {
      method: 'POST',
      json: { refresh: first.refresh },
    });
    expect(stolen.status).toBe(401);
    const legit = await t.request('/api/token/refresh/', {
      method: 'POST',
      json: { refresh: rotated.body.refresh },
    });
    expect(legit.status).toBe(401);
  });

  it('blacklists a refresh token so it never works again', async () => {
    const pair = await t.signIn(ADMIN);
    const blacklisted = await t.request('/api/token/blacklist/', {
      method: 'POST',
      json: { refresh_token: pair.refresh },
    });
    expect(blacklisted.status).toBe(200);
    const refreshed = await t.request('/api/token/refresh/', {
      method: 'POST',
      json: { refresh: pair.refresh },
    });
    expect(refreshed.status).toBe(401);
  });

  it('refuses tampered and expired access tokens with 401', async () => {
    const { access } = await t.signIn(ADMIN);
    // Used once while valid, so its checked signature is remembered: the expiry below must still refuse it.
    expect((await t.request('/api/profile/', { token: access })).status).toBe(200);
    const [header, payload, signature] = access.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decodeJwtPayload(access), groups: ['super'] }),
    ).toString('base64url');
    for (const token of [
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${payload}.${signature?.slice(0, -2)}xx`,
      'garbage',
    ]) {
      const response = await t.request('/api/profile/', { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'Token is invalid or expired' });
    }
    expect((await t.request('/api/profile/')).status).toBe(401);
    t.clock.advance(601);
    expect((await t.request('/api/profile/', { token: access })).status).toBe(401);
  });

  it('refuses tampered and expired refresh tokens with 401', async () => {
    const { refresh } = await t.signIn(ADMIN);
    const tampered = refresh.slice(0, -3) + (refresh.endsWith('a') ? 'bbb' : 'aaa');
    expect(
      (await t.request('/api/token/refresh/', { method: 'POST', json: { refresh: tampered } })).status,
    ).toBe(401);
    t.clock.advance(24 * 3600 + 1);
    expect((await t.request('/api/token/refresh/', { method: 'POST', json: { refresh } })).status).toBe(401);
  });
});
