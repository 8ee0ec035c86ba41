import { and, eq, gte, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentPromises } from '../../db/schema';
import type { PromiseOutcomeValue, PromiseRow } from './promises.repository';

// The sweep (promises.jobs.ts): each read below is across merchants, by the open promises' moment.

/**
 * Claims the scheduled payments due now, once: a conditional UPDATE, so of two sweeps racing only one gets
 * each row (the other re-reads it after the winner's commit and finds it claimed). A claim older than
 * `staleBefore` without a payment or a failure is a run that crashed: claimed again, it retries the same key.
 */
export async function claimDueScheduled(db: Db, at: { now: Date; staleBefore: Date; limit: number }) {
  const due = and(
    eq(paymentPromises.status, 'SCHEDULED'),
    eq(paymentPromises.outcome, 'open'),
    lte(paymentPromises.scheduledAt, at.now),
    isNull(paymentPromises.transactionId),
    isNull(paymentPromises.failureMessage),
    or(isNull(paymentPromises.runStartedAt), lt(paymentPromises.runStartedAt, at.staleBefore)),
  );
  const candidates = db
    .select({ id: paymentPromises.id })
    .from(paymentPromises)
    .where(due)
    .orderBy(paymentPromises.scheduledAt)
    .limit(at.limit);
  return db
    .update(paymentPromises)
    .set({ runStartedAt: at.now })
    .where(and(inArray(paymentPromises.id, candidates), due))
    .returning();
}

/**
 * Unconfirmed promises whose moment is within the reminder window and that were not reminded yet, made at
 * least `madeBefore` (a promise made an hour ago is not 'still unconfirmed'); marked reminded in the caller's
 * transaction, with the texts it queues.
 */
export async function claimReminders(
  db: Db,
  at: { now: Date; until: Date; madeBefore: Date; limit: number },
) {
  const due = and(
    eq(paymentPromises.status, 'PROMISED'),
    lte(paymentPromises.createdAt, at.madeBefore),
    eq(paymentPromises.outcome, 'open'),
    isNull(paymentPromises.remindedAt),
    gte(paymentPromises.scheduledAt, at.now),
    lte(paymentPromises.scheduledAt, at.until),
  );
  const candidates = db
    .select({ id: paymentPromises.id })
    .from(paymentPromises)
    .where(due)
    .orderBy(paymentPromises.scheduledAt)
    .limit(at.limit);
  return db
    .update(paymentPromises)
    .set({ remindedAt: at.now })
    .where(and(inArray(paymentPromises.id, candidates), due))
    .returning();
}

/** Open promises whose moment was before `before` (their grace has passed): ready to be decided. */
export function listDecidable(db: Db, at: { before: Date; limit: number }) {
  return db
    .select()
    .from(paymentPromises)
    .where(and(eq(paymentPromises.outcome, 'open'), lt(paymentPromises.scheduledAt, at.before)))
    .orderBy(paymentPromises.scheduledAt)
    .limit(at.limit);
}

/** Moves an open promise to its outcome, once: null when another writer decided or cancelled it first. */
export async function decidePromise(
  db: Db,
  key: { merchantId: string; id: string },
  values: { outcome: PromiseOutcomeValue; paidCents: number; decidedAt: Date },
): Promise<PromiseRow | null> {
  const [row] = await db
    .update(paymentPromises)
    .set(values)
    .where(
      and(
        eq(paymentPromises.merchantId, key.merchantId),
        eq(paymentPromises.id, key.id),
        eq(paymentPromises.outcome, 'open'),
      ),
    )
    .returning();
  return row ?? null;
}
