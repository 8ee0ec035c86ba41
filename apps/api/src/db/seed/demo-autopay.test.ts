import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCipher } from '../../lib/encryption';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../client';
import { accounts, autopayEnrolments, autopayRuns, messages, payments } from '../schema';
import { seedDemoIfEmpty } from './demo';

// The demo's autopay (issue 18 item 7, demo-autopay.ts): enrolled through the service, charged by the run.
describe('the demo’s autopay', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db, createCipher('demo-seed-test-key'), new Date());
  });
  afterAll(() => database.close());

  it('has enrolled accounts, one charged last month, one soft-declined yesterday and retried next, one declined for good', async () => {
    const enrolments = await database.db.select().from(autopayEnrolments);
    expect(enrolments.length).toBeGreaterThanOrEqual(5);
    for (const enrolment of enrolments) {
      expect(enrolment).toMatchObject({ stoppedAt: null, enrolledBy: expect.any(String) });
      expect(enrolment.authorizationText).toContain('Demo Motors');
      expect(enrolment.dueDay).toBeLessThanOrEqual(28);
    }
    const switchedOn = await database.db.select().from(accounts).where(eq(accounts.autopayEnabled, true));
    expect(switchedOn.map((row) => row.id).sort()).toEqual(enrolments.map((row) => row.accountId).sort());

    const runs = await database.db
      .select()
      .from(autopayRuns)
      .orderBy(autopayRuns.dueDate, autopayRuns.failureCode);
    expect(runs.map((row) => [row.attempt, row.status, row.failureCode])).toEqual([
      [1, 'paid', null],
      [1, 'failed', 'card_declined'],
      [1, 'failed', 'insufficient_funds'],
    ]);
    const [charged, hard, soft] = runs;
    expect(charged!.dueDate.endsWith('-10')).toBe(true);
    expect(Date.now() - charged!.startedAt.getTime()).toBeGreaterThan(7 * 86_400_000);
    expect(soft!.nextAttemptAt).not.toBeNull();
    // A hard decline is never charged again by the run: staff replace the card and retry it.
    expect(hard!.nextAttemptAt).toBeNull();
    expect(hard!.dueDate).toBe(soft!.dueDate);
    const autopayPayments = await database.db.select().from(payments).where(eq(payments.channel, 'autopay'));
    expect(autopayPayments.map((row) => [row.status, row.feeCents]).sort()).toEqual([
      ['failed', 0],
      ['failed', 0],
      ['paid', 0],
    ]);
    // Nothing queued for today: the demo's texts are all in the past.
    const queued = await database.db
      .select()
      .from(messages)
      .where(sql`${messages.idempotencyKey} like 'autopay:%' or ${messages.status} = 'pending'`);
    expect(queued).toEqual([]);
  });
});
