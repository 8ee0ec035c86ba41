import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeJwtPayload, type TestApp } from '../../test/app';

describe('SSO deep links', () => {
  let t: TestApp;
  let superAccess: string;
  let staffId: string;
  beforeAll(async () => {
    t = await createTestApp();
    superAccess = await t.demoToken('superadmin');
    staffId = decodeJwtPayload(await t.demoToken('staff')).user_id as string;
  });
  afterAll(() => t.close());

  const issue = (token: string) =>
    t.request('/api/sso-tokens/', { method: 'POST', token, json: { user_id: staffId } });

  it('issues a single-use token that signs the user in once', async () => {
    const issued = await issue(superAccess);
    expect(issued.status).toBe(201);
    const login = await t.request('/api/sso-auth/', {
      method: 'POST',
      json: { id: issued.body.id, token: issued.body.token },
    });
    expect(login.status).toBe(200);
    expect(decodeJwtPayload(login.body.access).user_id).toBe(staffId);
    const replay = await t.request('/api/sso-auth/', {
      method: 'POST',
      json: { id: issued.body.id, token: issued.body.token },
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ detail: 'Invalid Token' });
  });

  it('expires after two minutes', async () => {
    const issued = await issue(superAccess);
    t.clock.advance(121);
    const late = await t.request('/api/sso-auth/', {
      method: 'POST',
      json: { id: issued.body.id, token: issued.body.token },
    });
    expect(late.status).toBe(401);
  });

  it('is issued only by super admins, and refuses wrong ids and tokens', async () => {
    const { access } = await t.signIn('admin@demo.paylane.test');
    expect((await issue(access)).status).toBe(403);
    for (const json of [
      { id: 'not-a-uuid', token: 'x' },
      { id: staffId, token: 'wrong' },
    ]) {
      expect((await t.request('/api/sso-auth/', { method: 'POST', json })).status).toBe(401);
    }
  });
});
