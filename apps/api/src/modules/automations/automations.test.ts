import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../../context';
import { accounts, customers, merchants, messages } from '../../db/schema';
import { startTestQueue } from '../../jobs/job-test-helpers';
import { runMerchantCronTick } from '../../jobs/merchant-cron';
import { jobIdForKey } from '../../jobs/pg-boss-options';
import type { JobQueue } from '../../jobs/queue';
import { startWorkers } from '../../jobs/registry';
import { addDays, localDateAt, zonedInstant } from '../../jobs/zoned-time';
import { createTestApp, type TestApp } from '../../test/app';
import { AUTOMATIONS_JOB, automationCrons, createAutomationJobs } from './automations.jobs';
import { runAutomations } from './automations.service';
import { automationMessages, insertAccount, insertTemplate } from './automations-test-setup';
import { waitUntil } from '../../test/wait';

const ZONE = 'America/Los_Angeles';

describe('automations: scheduled templates sent to accounts due delta_days away', () => {
  let t: TestApp;
  let ctx: AppContext;
  let merchantId: string;
  let rivalId: string;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    ctx = createAppContext({ config: t.config, db, log: t.app.log, now: t.clock.now });
    const [merchant] = await db
      .insert(merchants)
      .values({ name: 'Automation Motors', timeZone: ZONE })
      .returning();
    const [rival] = await db
      .insert(merchants)
      .values({ name: 'Rival Automation', timeZone: ZONE })
      .returning();
    merchantId = merchant!.id;
    rivalId = rival!.id;
    today = localDateAt(ZONE, t.clock.now());
    const email = 'Dear {{first_name}}, {{amount_due}} is due on {{due_date}}.';
    await insertTemplate(db, { merchantId, name: 'Before 3', deltaDays: 3, email });
    await insertTemplate(db, { merchantId, name: 'After 2', deltaDays: -2 });
    await insertTemplate(db, { merchantId, name: 'On the Day', deltaDays: 0 });
    await insertTemplate(db, { merchantId, name: 'Paused 5', deltaDays: 5, active: false });
    await insertTemplate(db, { merchantId, name: 'Deleted 4', deltaDays: 4, deleted: true });
    await insertTemplate(db, { merchantId: rivalId, name: 'Rival 3', deltaDays: 3 });

    const in3 = addDays(today, 3);
    const add = (spec: Parameters<typeof insertAccount>[2]) => insertAccount(db, merchantId, spec);
    await add({ externalId: 'A-OK', dueDate: in3, email: 'ok@example.com' });
    await add({ externalId: 'A-INACTIVE', dueDate: in3, status: 'inactive', email: 'in@example.com' });
    await add({ externalId: 'A-CLOSED', dueDate: in3, status: 'closed' });
    await add({ externalId: 'A-PENDING', dueDate: in3, status: 'pending' });
    await add({ externalId: 'A-STOPPED', dueDate: in3, smsOptedOut: true, email: 'stop@example.com' });
    await add({ externalId: 'A-NO-EMAILS', dueDate: in3, email: 'no@example.com', emailOptedOut: true });
    await add({ externalId: 'A-EMAIL-ONLY', dueDate: in3, phone: null, email: 'only@example.com' });
    await add({ externalId: 'A-VOIDED', dueDate: in3, voided: true });
    await add({ externalId: 'A-UNREACHABLE', dueDate: in3, phone: null });
    const survivor = await add({ externalId: 'A-SURVIVOR', dueDate: addDays(today, 30) });
    await add({ externalId: 'A-MERGED', dueDate: in3, status: 'closed', mergedIntoId: survivor.account.id });
    await add({ externalId: 'A-LATE', dueDate: addDays(today, -2) });
    await add({ externalId: 'A-TODAY', dueDate: today });
    await add({ externalId: 'A-IN-4', dueDate: addDays(today, 4) });
    await add({ externalId: 'A-IN-5', dueDate: addDays(today, 5) });
    await add({ externalId: 'A-YESTERDAY', dueDate: addDays(today, -1) });
    await insertAccount(db, rivalId, { externalId: 'R-1', dueDate: in3 });
  });
  afterAll(() => t.close());

  it('writes one message per account due, skips with the spec’s reasons, and emails where it may', async () => {
    const result = await runAutomations(ctx, { merchantId, localDate: today });
    const written = await automationMessages(t.database.db, merchantId);
    const summary = written.map(({ account, template, channel, status, error }) => ({
      account,
      template,
      channel,
      status,
      error,
    }));
    const sms = (account: string, template: string, status = 'pending', error: string | null = null) => ({
      account,
      template,
      channel: 'sms',
      status,
      error,
    });
    const mail = (account: string) => ({
      account,
      template: 'Before 3',
      channel: 'email',
      status: 'pending',
      error: null,
    });
    expect(summary).toEqual([
      sms('A-CLOSED', 'Before 3', 'failed', 'Account status prevents contact'),
      mail('A-EMAIL-ONLY'),
      sms('A-INACTIVE', 'Before 3', 'failed', 'Account is set to Inactive'),
      sms('A-LATE', 'After 2'),
      sms('A-NO-EMAILS', 'Before 3'),
      mail('A-OK'),
      sms('A-OK', 'Before 3'),
      sms('A-PENDING', 'Before 3', 'failed', 'Account status prevents contact'),
      mail('A-STOPPED'),
      sms('A-STOPPED', 'Before 3', 'failed', 'The customer has opted out of email or text messages'),
      sms('A-TODAY', 'On the Day'),
    ]);
    expect(result).toEqual({ written: 11, skipped: 4 });
    expect(written.every((row) => row.dueDate !== null)).toBe(true);
    const ok = written.filter((row) => row.account === 'A-OK');
    const [y, m, d] = addDays(today, 3).split('-');
    expect(ok.find((row) => row.channel === 'sms')).toMatchObject({
      body: `Before 3: Hi First1, $456.78 is due ${m}/${d}/${y} for A-OK.`,
      subject: null,
      to: '+17375551001',
      dueDate: addDays(today, 3),
    });
    expect(ok.find((row) => row.channel === 'email')).toMatchObject({
      body: `Dear First1, $456.78 is due on ${m}/${d}/${y}.`,
      subject: 'Before 3',
      to: 'ok@example.com',
    });
    expect(await automationMessages(t.database.db, rivalId)).toEqual([]);
  });

  it('adds nothing when run again, or raced', async () => {
    const before = await automationMessages(t.database.db, merchantId);
    const again = await Promise.all([
      runAutomations(ctx, { merchantId, localDate: today }),
      runAutomations(ctx, { merchantId, localDate: today }),
    ]);
    expect(again.map((result) => result.written)).toEqual([0, 0]);
    expect(await automationMessages(t.database.db, merchantId)).toEqual(before);
  });

  it('the next day sends to the accounts that came into range, and to no one twice', async () => {
    const result = await runAutomations(ctx, { merchantId, localDate: addDays(today, 1) });
    const fresh = (await automationMessages(t.database.db, merchantId)).filter((row) =>
      ['A-IN-4', 'A-YESTERDAY'].includes(row.account ?? ''),
    );
    // A-IN-4 is now 3 days away (the deleted 4-day template never sent to it); A-YESTERDAY is 2 days late.
    expect(fresh.map(({ account, template, dueDate }) => ({ account, template, dueDate }))).toEqual([
      { account: 'A-IN-4', template: 'Before 3', dueDate: addDays(today, 4) },
      { account: 'A-YESTERDAY', template: 'After 2', dueDate: addDays(today, -1) },
    ]);
    expect(result.written).toBe(2);
  });

  it('sends to 20,000 accounts due in a few statements', async () => {
    const { db } = t.database;
    const [big] = await db.insert(merchants).values({ name: 'Big Book Motors', timeZone: ZONE }).returning();
    await insertTemplate(db, { merchantId: big!.id, name: 'Big 3', deltaDays: 3 });
    for (let start = 0; start < 20_000; start += 5000) {
      const people = await db
        .insert(customers)
        .values(
          Array.from({ length: 5000 }, (_, i) => ({
            merchantId: big!.id,
            firstName: `Bulk${start + i}`,
            lastName: 'Book',
            smsPhoneNumber: `+1512${String(2_000_000 + start + i)}`,
          })),
        )
        .returning({ id: customers.id });
      await db.insert(accounts).values(
        people.map((person, i) => ({
          merchantId: big!.id,
          customerId: person.id,
          externalId: `BIG-${start + i}`,
          dueDate: addDays(today, 3),
        })),
      );
    }
    // Ten pages of a read and a write each (how fast is the bench's business, not a timed test's).
    const result = await runAutomations(ctx, { merchantId: big!.id, localDate: today });
    expect(result).toEqual({ written: 20_000, skipped: 0 });
    expect(await db.$count(messages, eq(messages.merchantId, big!.id))).toBe(20_000);
    expect((await runAutomations(ctx, { merchantId: big!.id, localDate: today })).written).toBe(0);
  });
});

describe('automations through the merchant cron, in the merchant’s own zone', () => {
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

  it('runs at 10:00 local time for the local date (Auckland is a day ahead of UTC then)', async () => {
    const { db } = t.database;
    const zone = 'Pacific/Auckland';
    const [merchant] = await db.insert(merchants).values({ name: 'Kiwi Motors', timeZone: zone }).returning();
    const merchantId = merchant!.id;
    const localDate = addDays(localDateAt(zone, t.clock.now()), 2);
    const runAt = zonedInstant(zone, localDate, '10:05');
    t.clock.advance((runAt.getTime() - t.clock.now().getTime()) / 1000);
    const utcDate = t.clock.now().toISOString().slice(0, 10);
    expect(utcDate).toBe(addDays(localDate, -1));
    await insertTemplate(db, { merchantId, name: 'Kiwi 3', deltaDays: 3 });
    await insertTemplate(db, { merchantId, name: 'Kiwi 0', deltaDays: 0 });
    await insertAccount(db, merchantId, { externalId: 'K-LOCAL-3', dueDate: addDays(localDate, 3) });
    await insertAccount(db, merchantId, { externalId: 'K-UTC-3', dueDate: addDays(utcDate, 3) });
    await insertAccount(db, merchantId, { externalId: 'K-LOCAL-0', dueDate: localDate });

    const ctx = createAppContext({ config: t.config, db, log: t.app.log, now: t.clock.now, queue });
    await startWorkers(queue, createAutomationJobs(ctx));
    const deps = { db, crons: automationCrons(ctx), now: t.clock.now };
    expect(await runMerchantCronTick(queue, deps)).toBeGreaterThanOrEqual(1);
    // The run is the one job keyed by (merchant, local date): once it completed, its work is all written.
    const runJobId = jobIdForKey(AUTOMATIONS_JOB, `${merchantId}/${localDate}`);
    await waitUntil(async () =>
      expect(await automationJobsOf(merchantId)).toEqual([[runJobId, 'completed']]),
    );
    const written = await automationMessages(db, merchantId);
    expect(written.map(({ account, template, dueDate }) => ({ account, template, dueDate }))).toEqual([
      { account: 'K-LOCAL-0', template: 'Kiwi 0', dueDate: localDate },
      { account: 'K-LOCAL-3', template: 'Kiwi 3', dueDate: addDays(localDate, 3) },
    ]);
    // A later tick the same local day offers the run again; it is the same job, so no job is left to write
    // anything more (what pg-boss holds is the proof, instead of waiting a while and seeing nothing).
    t.clock.advance(15 * 60);
    expect(await runMerchantCronTick(queue, deps)).toBeGreaterThanOrEqual(1);
    expect(await automationJobsOf(merchantId)).toEqual([[runJobId, 'completed']]);
    expect(await automationMessages(db, merchantId)).toHaveLength(2);
  });

  /** Every automation job pg-boss holds for the merchant, as [id, state]. */
  async function automationJobsOf(merchantId: string): Promise<[string, string][]> {
    const { rows } = await t.database.pool.query<{ id: string; state: string }>(
      `select id, state from pgboss.job where name = $1 and data->>'merchantId' = $2 order by created_on`,
      [AUTOMATIONS_JOB, merchantId],
    );
    return rows.map((row) => [row.id, row.state]);
  }
});
