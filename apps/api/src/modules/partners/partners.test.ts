import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const PARTNER = 'partner@example.test';

describe('partner invites and sign-up', () => {
  let t: TestApp;
  let superAccess: string;
  beforeAll(async () => {
    t = await createTestApp();
    superAccess = await t.demoToken('superadmin');
  });
  afterAll(() => t.close());

  it('lets a super admin invite a partner who then signs up once through the emailed link', async () => {
    const invited = await t.request('/api/partner-invites/', {
      method: 'POST',
      token: superAccess,
      json: { email: PARTNER },
    });
    expect(invited.status).toBe(201);
    const email = (await t.request(`/api/dev/outbox/emails/?to=${PARTNER}`)).body.results[0];
    const [, id, token] = email.text.match(/\/partner-invite\/([^/\s]+)\/([^/\s]+)/);

    const invite = await t.request(`/api/partner-invites/${id}/${token}/`);
    expect(invite.body).toEqual({ email: PARTNER, invited_by: 'Sam Super' });

    const signup = {
      id,
      token,
      first_name: 'Pat',
      last_name: 'Partner',
      password: 'Partner-Pass-1',
      password_confirm: 'Partner-Pass-1',
    };
    const created = await t.request('/api/partner-signup/', { method: 'POST', json: signup });
    expect(created.status).toBe(200);
    const profile = await t.request('/api/profile/', { token: created.body.access });
    expect(profile.body.results[0]).toMatchObject({
      email: PARTNER,
      is_partner: true,
      roles: [],
      organization: null,
    });

    const again = await t.request('/api/partner-signup/', { method: 'POST', json: signup });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'Invalid Token' });
  });

  it('refuses invites from non-super admins, to taken emails, and bad links', async () => {
    const { access } = await t.signIn('admin@demo.paylane.test');
    expect(
      (
        await t.request('/api/partner-invites/', {
          method: 'POST',
          token: access,
          json: { email: 'x@example.test' },
        })
      ).status,
    ).toBe(403);
    const taken = await t.request('/api/partner-invites/', {
      method: 'POST',
      token: superAccess,
      json: { email: 'admin@demo.paylane.test' },
    });
    expect(taken.body).toEqual({ email: ['Email address already in use'] });
    const bad = await t.request('/api/partner-invites/00000000-0000-4000-8000-000000000000/nope/');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: 'Invalid Token' });
  });
});
