import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { PASSWORD_RESET_EMAIL_JOB } from './password-reset.service';

const STAFF = 'staff@demo.paylane.test';
const NEW_PASSWORD = 'Fresh-Start-22';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The link is emailed by the password-reset.email job, run by this test process's workers.
    t = await createTestApp({}, { jobs: true });
  });
  afterAll(() => t.close());

  const outboxCount = async (email: string) =>
    (await t.request(`/api/dev/outbox/emails/?to=${encodeURIComponent(email)}`)).body.count as number;

  // The newest of `count` reset emails to `email`, once the job has sent it.
  const latestLink = async (email: string, count = 1) => {
    await expect.poll(() => outboxCount(email)).toBeGreaterThanOrEqual(count);
    const outbox = await t.request(`/api/dev/outbox/emails/?to=${encodeURIComponent(email)}`);
    const text: string = outbox.body.results[0]?.text ?? '';
    const match = text.match(/\/reset-password\/([^/\s]+)\/([^/\s]+)/);
    if (!match) throw new Error(`no reset link in: ${text}`);
    return { id: match[1] as string, token: match[2] as string };
  };

  it('answers the same whether or not the email exists, and the job emails only real users, once', async () => {
    const known = await t.request('/api/password-reset/', { method: 'POST', json: { email: STAFF } });
    const unknown = await t.request('/api/password-reset/', {
      method: 'POST',
      json: { email: 'ghost@example.test' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    // Both requests were handed to a job; once both jobs are done, only the real user got an email.
    await expect.poll(() => resetJobStates(t)).toEqual(['completed', 'completed']);
    expect(await outboxCount('ghost@example.test')).toBe(0);
    expect(await outboxCount(STAFF)).toBe(1);
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
    const { id, token } = await latestLink(STAFF, 2);
    t.clock.advance(3601);
    const late = await t.request('/api/password-reset/confirm/', {
      method: 'POST',
      json: { id, token, password: 'Later-Pass-33', password_confirm: 'Later-Pass-33' },
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ token: ['Invalid Token'] });
  });

  it('refuses a sixth request for one address in 15 minutes, known or not, with 429', async () => {
    for (const email of ['admin@demo.paylane.test', 'nobody@example.test']) {
      const answers = [];
      for (let i = 0; i < 6; i++) {
        answers.push(await t.request('/api/password-reset/', { method: 'POST', json: { email } }));
      }
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(answers[5]?.body).toEqual({ detail: 'Too many requests. Try again later.' });
      expect(Number(answers[5]?.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another address from the same client is still served.
    const other = await t.request('/api/password-reset/', {
      method: 'POST',
      json: { email: 'owner@demo.paylane.test' },
    });
    expect(other.status).toBe(200);
  });
});

describe('password reset with a failing email provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    // SMTP to a local port nobody listens on: every send fails with a refused connection.
    t = await createTestApp(
      { EMAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
      { jobs: true },
    );
  });
  afterAll(() => t.close());

  it('answers a known and an unknown email alike; only the job fails', async () => {
    const known = await t.request('/api/password-reset/', { method: 'POST', json: { email: STAFF } });
    const unknown = await t.request('/api/password-reset/', {
      method: 'POST',
      json: { email: 'ghost@example.test' },
    });
    expect({ status: known.status, body: known.body }).toEqual({
      status: unknown.status,
      body: unknown.body,
    });
    expect(known.status).toBe(200);
    // The unknown address's job has nothing to send; the known one's failed and waits for its retry.
    await expect.poll(() => resetJobStates(t)).toEqual(['completed', 'retry']);
  });
});

/** The states of the reset-email jobs so far, sorted. */
async function resetJobStates(t: TestApp): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ state: string }>(
    'select state from pgboss.job where name = $1',
    [PASSWORD_RESET_EMAIL_JOB],
  );
  return rows.map((row) => row.state).sort();
}

/** A local port that was free a moment ago and has no listener. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
