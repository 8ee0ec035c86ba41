import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const STAFF = 'staff@demo.paylane.test';
const wrong = (email: string) => ({ method: 'POST', json: { email, password: 'Wrong-password-1' } });

describe('sign-in throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '8' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after 5 failures for one email in 15 minutes, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await t.request('/api/token/', wrong(STAFF))).status).toBe(401);
    const blocked = await t.request('/api/token/', {
      method: 'POST',
      json: { email: STAFF, password: 'Paylane-Demo-1' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed sign-in attempts/);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Other emails are unaffected, and the window slides open again.
    expect((await t.request('/api/token/', wrong('admin@demo.paylane.test'))).status).toBe(401);
    t.clock.advance(901);
    expect((await t.signIn(STAFF)).access).toBeTruthy();
  });

  it('limits failures per IP across emails', async () => {
    t.clock.advance(901);
    for (let i = 0; i < 8; i++) await t.request('/api/token/', wrong(`user${i}@example.test`));
    const blocked = await t.request('/api/token/', wrong('someone-else@example.test'));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('sign-in throttling under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Each attempt is reserved before the password is hashed, so parallel guesses cannot all read the
  // count before any of them writes it: exactly the limit gets a password check (401), the rest 429.
  it('checks at most 5 of 30 parallel wrong passwords for one email', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => t.request('/api/token/', wrong(STAFF))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(answer.body.detail).toMatch(/Too many failed sign-in attempts/);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
