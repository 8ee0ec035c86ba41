import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, oneTimeTokens, rateLimitCounters, refreshTokens } from '../../db/schema';
import { hashSecret } from '../../lib/secrets';
import type { JobQueue } from '../../jobs/queue';
import { startWorkers } from '../../jobs/registry';
import { findStoredJob, startTestQueue } from '../../jobs/job-test-helpers';
import { createTestApp, decodeJwtPayload, type TestApp } from '../../test/app';
import { createAppContext } from '../../context';
import { createAuthJobs } from './auth.jobs';
import { insertOneTimeToken } from './one-time-tokens.repository';

describe('auth.purge-expired job', () => {
  let t: TestApp;
  let queue: JobQueue;
  beforeAll(async () => {
    t = await createTestApp();
    queue = await startTestQueue(t.database);
  });
  afterAll(async () => {
    await queue.stop({ graceful: false });
    await t.close();
  });

  it('deletes sign-in records expired over a week ago and ended rate-limit windows through the queue, and keeps live ones', async () => {
    const live = await t.signIn('admin@demo.paylane.test');
    await t.request('/api/token/', {
      method: 'POST',
      json: { email: 'admin@demo.paylane.test', password: 'Wrong-pass-1' },
    });
    const adminId = decodeJwtPayload(live.access).user_id as string;
    await insertOneTimeToken(t.database.db, {
      kind: 'password_reset',
      userId: adminId,
      tokenHash: hashSecret('an unused reset link'),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const ctx = createAppContext({
      config: t.config,
      db: t.database.db,
      log: t.app.log,
      now: () => new Date(Date.now() + 9 * 86_400_000),
    });
    // Nine days on, today's records are more than a week past expiry; a token valid for 30 days is not.
    const userId = decodeJwtPayload(live.refresh).user_id as string;
    await t.database.db.insert(refreshTokens).values({
      jti: crypto.randomUUID(),
      userId,
      familyId: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });

    await startWorkers(queue, createAuthJobs(ctx));
    const id = await queue.send('auth.purge-expired', {});
    await expect.poll(async () => (await findStoredJob(t.database, id!))?.state).toBe('completed');

    const [failures] = await t.database.db.select({ n: count() }).from(loginFailures);
    const [tokens] = await t.database.db.select({ n: count() }).from(oneTimeTokens);
    const [refresh] = await t.database.db.select({ n: count() }).from(refreshTokens);
    const [counters] = await t.database.db.select({ n: count() }).from(rateLimitCounters);
    expect(failures?.n).toBe(0);
    expect(counters?.n).toBe(0);
    expect(tokens?.n).toBe(0);
    expect(refresh?.n).toBe(1);
  });
});
