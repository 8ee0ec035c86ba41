import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopayRuns, sandboxProcessorCharges } from '../../db/schema';
import { nextChildMessage } from '../../jobs/job-test-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { amountDueOf, ledgerOf, saveTestCard } from '../payments/payments-test-setup';
import { AUTOPAY_CLAIM_STALE_MINUTES, type AutopayRunResult } from './autopay-run.service';
import {
  autopayPaymentsOf,
  DEMO_ZONE,
  enrol,
  localDay,
  newAutopayAccount,
  type AccountRef,
} from './autopay-test-setup';

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; charges: number }
  | { type: 'charged'; reference: string }
  | { type: 'done'; result: AutopayRunResult };

const DUE_ACCOUNTS = 24;
const AMOUNT_DUE = 45_000;

// Issue 18's acceptance: two worker processes run the same nightly autopay at once; one is SIGKILLed mid-run —
// after the sandbox took a charge and before we recorded it, with other claims of its batch in flight — and a
// worker is started again once those claims are stale. Every due account is charged exactly once: our ledger and
// the sandbox's own books agree.
describe('two workers on one nightly autopay, one killed mid-run and restarted', () => {
  let t: TestApp;
  let merchantId: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t.close();
  });

  it('charges every due account exactly once, the ledger and the sandbox agreeing', async () => {
    const today = localDay(t);
    const due: AccountRef[] = [];
    for (let i = 0; i < DUE_ACCOUNTS; i += 1) {
      const to = await newAutopayAccount(t, merchantId, { dueDate: today, amountDueCents: AMOUNT_DUE });
      const card = await saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT');
      const token = await t.demoToken('admin');
      expect((await enrol(t, { merchantId, token }, to, { payment_method: card })).status).toBe(201);
      due.push(to);
    }
    const run = { merchantId, timeZone: DEMO_ZONE, localDate: today };

    // The doomed worker starts; once its first charge is through, the second joins, and they run side by side.
    const doomed = forkRun(t, run, { now: t.clock.now(), hangAfter: 3 });
    await nextChildMessage<WorkerMessage, 'progress'>(doomed, 'progress');
    const other = forkRun(t, run, { now: t.clock.now() });
    const otherDone = nextChildMessage<WorkerMessage, 'done'>(other, 'done');
    const { reference } = await nextChildMessage<WorkerMessage, 'charged'>(doomed, 'charged');
    doomed.kill('SIGKILL');
    await once(doomed, 'exit');
    const { result: otherResult } = await otherDone;
    expect(otherResult.charged).toBeGreaterThan(0);

    // The killed worker left claims with no outcome; the charge it made is at the sandbox, not in our ledger.
    const left = await t.database.db.select().from(autopayRuns).where(eq(autopayRuns.status, 'claimed'));
    expect(left.length).toBeGreaterThan(0);
    expect(await chargesFor([reference])).toHaveLength(1);

    // Restarted once the claims are stale: it takes them over under the same keys.
    t.clock.advance((AUTOPAY_CLAIM_STALE_MINUTES + 1) * 60);
    const restarted = forkRun(t, run, { now: t.clock.now() });
    const { result } = await nextChildMessage<WorkerMessage, 'done'>(restarted, 'done');
    expect(result.charged).toBe(left.length);

    const paymentIds: string[] = [];
    for (const to of due) {
      const payments = await autopayPaymentsOf(t, to.accountId);
      expect(payments).toMatchObject([{ status: 'paid', amountCents: AMOUNT_DUE, feeCents: 0 }]);
      paymentIds.push(payments[0]!.id);
      expect(await ledgerOf(t, to.accountId)).toEqual([{ kind: 'payment', amountCents: AMOUNT_DUE }]);
      expect(await amountDueOf(t, to.accountId)).toBe(0);
    }
    expect(paymentIds).toContain(reference);
    const charges = await chargesFor(paymentIds);
    expect(charges).toHaveLength(DUE_ACCOUNTS);
    expect(new Set(charges.map((charge) => charge.reference)).size).toBe(DUE_ACCOUNTS);
    expect(charges.every((charge) => charge.amountCents === AMOUNT_DUE)).toBe(true);
    const runs = await t.database.db
      .select()
      .from(autopayRuns)
      .where(
        inArray(
          autopayRuns.accountId,
          due.map((to) => to.accountId),
        ),
      );
    expect(runs.map((row) => [row.attempt, row.status])).toEqual(due.map(() => [1, 'paid']));
  });

  const chargesFor = (references: string[]) =>
    t.database.db
      .select()
      .from(sandboxProcessorCharges)
      .where(inArray(sandboxProcessorCharges.reference, references));

  function forkRun(
    app: TestApp,
    run: { merchantId: string; timeZone: string; localDate: string },
    options: { now: Date; hangAfter?: number },
  ): ChildProcess {
    const script = fileURLToPath(new URL('./autopay-crash-worker.fixture.ts', import.meta.url));
    const child = fork(script, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        PAYLANE_CRASH_PG_CONFIG: JSON.stringify(app.database.pgConfig),
        PAYLANE_AUTOPAY_RUN: JSON.stringify(run),
        PAYLANE_AUTOPAY_NOW: options.now.toISOString(),
        ...(options.hangAfter === undefined ? {} : { PAYLANE_AUTOPAY_HANG_AFTER: String(options.hangAfter) }),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    children.push(child);
    return child;
  }
});
