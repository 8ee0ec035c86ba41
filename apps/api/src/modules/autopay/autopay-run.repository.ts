import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, autopayEnrolments, autopayRuns, merchants } from '../../db/schema';

// The nightly run's claims (autopay-run.service.ts). A claim is the INSERT of an autopay_runs row: UNIQUE
// (account_id, due_date, attempt) lets exactly one worker insert each attempt, before take-payment is called.

export type RunRow = typeof autopayRuns.$inferSelect;
export type ClaimedRun = Pick<
  RunRow,
  'id' | 'merchantId' | 'customerId' | 'accountId' | 'dueDate' | 'attempt' | 'idempotencyKey'
> & {
  /** A stale claim taken over: its key may already hold a payment (the crashed worker's). */
  isTakeover: boolean;
};

type RawClaim = {
  id: string;
  merchant_id: string;
  customer_id: string;
  account_id: string;
  due_date: string | Date;
  attempt: number;
  idempotency_key: string;
};

const dateText = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

const toClaim = (row: RawClaim): ClaimedRun => ({
  id: row.id,
  merchantId: row.merchant_id,
  customerId: row.customer_id,
  accountId: row.account_id,
  dueDate: dateText(row.due_date),
  attempt: Number(row.attempt),
  idempotencyKey: row.idempotency_key,
  isTakeover: false,
});

const returningClaim = sql`returning id, merchant_id, customer_id, account_id, to_char(due_date, 'YYYY-MM-DD') as due_date, attempt, idempotency_key`;

/**
 * First attempts: the merchant's accounts with autopay on, active, something due and due on `dueDate`, that no
 * worker claimed yet — up to `limit`, inserted as claimed. Two workers racing insert disjoint sets (the loser of
 * a row waits for the winner's commit and skips it), so each account's first attempt is claimed once. The
 * enrolment is joined LATERAL so it is found per account through its index even when the planner's statistics
 * predate the night's accounts (a fresh import; PGlite between its hourly analyzes): a plain join planned on
 * such statistics scanned every enrolment of the merchant for each account (1.5 s a batch at 8,000).
 */
export async function claimFirstAttempts(
  db: Db,
  at: { merchantId: string; dueDate: string; now: Date; limit: number },
): Promise<ClaimedRun[]> {
  const result = await db.execute<RawClaim>(sql`
    insert into autopay_runs
      (merchant_id, customer_id, account_id, enrolment_id, due_date, attempt, idempotency_key, status, started_at)
    select a.merchant_id, coalesce(e.customer_id, a.customer_id), a.id, e.id, a.due_date, 1,
           'autopay:' || a.id || ':' || to_char(a.due_date, 'YYYY-MM-DD'), 'claimed', ${at.now}
    from accounts a
    left join lateral (
      select e.id, e.customer_id from autopay_enrolments e
      where e.merchant_id = a.merchant_id and e.account_id = a.id and e.stopped_at is null
    ) e on true
    where a.merchant_id = ${at.merchantId}
      and a.due_date = ${at.dueDate}
      and a.autopay_enabled
      and a.status = 'active'
      and a.merged_into_id is null
      and a.amount_due_cents > 0
      and not exists (
        select 1 from autopay_runs r where r.account_id = a.id and r.due_date = a.due_date and r.attempt = 1
      )
    limit ${at.limit}
    on conflict do nothing
    ${returningClaim}`);
  return result.rows.map(toClaim);
}

/**
 * Retries: soft declines whose next attempt has come (next_attempt_at ≤ now) and whose next attempt no worker
 * claimed yet, inserted as attempt n+1 under the key `autopay:{account}:{due}:{n+1}`.
 */
export async function claimRetries(
  db: Db,
  at: { merchantId: string; now: Date; limit: number },
): Promise<ClaimedRun[]> {
  const result = await db.execute<RawClaim>(sql`
    insert into autopay_runs
      (merchant_id, customer_id, account_id, enrolment_id, due_date, attempt, idempotency_key, status, started_at)
    select r.merchant_id, r.customer_id, r.account_id, r.enrolment_id, r.due_date, r.attempt + 1,
           'autopay:' || r.account_id || ':' || to_char(r.due_date, 'YYYY-MM-DD') || ':' || (r.attempt + 1),
           'claimed', ${at.now}
    from autopay_runs r
    where r.merchant_id = ${at.merchantId}
      and r.status = 'failed'
      and r.next_attempt_at is not null
      and r.next_attempt_at <= ${at.now}
      and not exists (
        select 1 from autopay_runs n
        where n.account_id = r.account_id and n.due_date = r.due_date and n.attempt = r.attempt + 1
      )
    limit ${at.limit}
    on conflict do nothing
    ${returningClaim}`);
  return result.rows.map(toClaim);
}

/**
 * Claims that went stale — a worker claimed them and died before recording an outcome — taken over by a
 * conditional UPDATE, so of two workers only one gets each; the new owner retries under the same key.
 */
export async function reclaimStale(
  db: Db,
  at: { merchantId: string; now: Date; staleBefore: Date; limit: number },
): Promise<ClaimedRun[]> {
  const stale = and(
    eq(autopayRuns.merchantId, at.merchantId),
    eq(autopayRuns.status, 'claimed'),
    lt(autopayRuns.startedAt, at.staleBefore),
  );
  const candidates = db.select({ id: autopayRuns.id }).from(autopayRuns).where(stale).limit(at.limit);
  const rows = await db
    .update(autopayRuns)
    .set({ startedAt: at.now })
    .where(and(inArray(autopayRuns.id, candidates), stale))
    .returning({
      id: autopayRuns.id,
      merchantId: autopayRuns.merchantId,
      customerId: autopayRuns.customerId,
      accountId: autopayRuns.accountId,
      dueDate: autopayRuns.dueDate,
      attempt: autopayRuns.attempt,
      idempotencyKey: autopayRuns.idempotencyKey,
    });
  return rows.map((row) => ({ ...row, isTakeover: true }));
}

export type RunOutcome = Pick<
  RunRow,
  'status' | 'amountCents' | 'paymentId' | 'failureCode' | 'failureMessage' | 'nextAttemptAt' | 'finishedAt'
>;

/** Records an attempt's outcome once: a run already decided (by a worker that took over) is left as it is. */
export async function recordRunOutcome(
  db: Db,
  run: { merchantId: string; id: string },
  outcome: RunOutcome,
): Promise<boolean> {
  const rows = await db
    .update(autopayRuns)
    .set(outcome)
    .where(
      and(
        eq(autopayRuns.merchantId, run.merchantId),
        eq(autopayRuns.id, run.id),
        eq(autopayRuns.status, 'claimed'),
      ),
    )
    .returning({ id: autopayRuns.id });
  return rows.length > 0;
}

/**
 * What a claimed attempt charges: the account now, its active enrolment's method, the merchant's limits — all
 * take-payment needs of the account too, so the charge does not read it again.
 */
export async function findRunAccount(db: Db, run: { merchantId: string; accountId: string }) {
  const [row] = await db
    .select({
      id: accounts.id,
      customerId: accounts.customerId,
      status: accounts.status,
      autopayEnabled: accounts.autopayEnabled,
      amountDueCents: accounts.amountDueCents,
      locationId: accounts.locationId,
      mergedIntoId: accounts.mergedIntoId,
      merchantMinCents: merchants.minPaymentAmountCents,
      merchantMaxCents: merchants.maxPaymentAmountCents,
      timeZone: merchants.timeZone,
      enrolmentCustomerId: autopayEnrolments.customerId,
      paymentMethodId: autopayEnrolments.paymentMethodId,
    })
    .from(accounts)
    .innerJoin(merchants, eq(merchants.id, accounts.merchantId))
    .leftJoin(
      autopayEnrolments,
      and(
        eq(autopayEnrolments.merchantId, accounts.merchantId),
        eq(autopayEnrolments.accountId, accounts.id),
        isNull(autopayEnrolments.stoppedAt),
      ),
    )
    .where(and(eq(accounts.merchantId, run.merchantId), eq(accounts.id, run.accountId)));
  if (!row) return null;
  const { enrolmentCustomerId, paymentMethodId, autopayEnabled, timeZone, ...payable } = row;
  return {
    isActive: row.status === 'active',
    isAutopayOn: autopayEnabled,
    amountDueCents: row.amountDueCents,
    merchantMaxCents: row.merchantMaxCents,
    timeZone,
    customerId: enrolmentCustomerId,
    paymentMethodId,
    /** The account as take-payment reads it (payments.repository findPayableAccount), and whose it is. */
    payable,
  };
}
