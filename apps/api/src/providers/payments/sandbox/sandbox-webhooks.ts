import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxProcessorCharges, sandboxProcessorEvents } from '../../../db/schema';
import type { ProcessorCharge, ProcessorEvent } from '../payment-processor';
import { newSandboxId, toCharge } from './sandbox-processor';

// The sandbox's webhooks (docs/reference/payments.md "The sandbox processor"): like Stripe, it tells Paylane
// about every charge's status in a signed POST, retries until it is answered 2xx, and on request delivers each
// event twice or a batch in reverse order — the disorder a real processor's webhooks bring.

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** As Stripe: a signature older than this is refused, against replayed deliveries. */
const TOLERANCE_SECONDS = 300;
/** A bank debit settles within days; a charge older than this has said all it will. */
const WATCH_DAYS = 8;
const BATCH = 100;
/** Retries back off from 10 s to an hour, then stop after a day and a half of failures. */
const MAX_ATTEMPTS = 40;

export type SandboxWebhookDisorder = 'none' | 'duplicate' | 'reorder' | 'duplicate_and_reorder';

const eventTypeOf = (charge: ProcessorCharge) => `charge.${charge.status}`;
const finalTypes = ['charge.succeeded', 'charge.failed', 'charge.returned'];

/**
 * Writes one event for each charge and status it has reached and not yet announced: a new charge's answer, a
 * delayed card or bank debit that settled or came back. Idempotent: (charge, type) is unique.
 */
export async function collectSandboxEvents(db: Db, now: Date): Promise<number> {
  const since = new Date(now.getTime() - WATCH_DAYS * 86_400_000);
  const charges = await db
    .select()
    .from(sandboxProcessorCharges)
    .where(
      or(
        and(gt(sandboxProcessorCharges.createdAt, since), noEventOf(db, finalTypes)),
        // A settled debit that came back later (up to 60 days on): its return is announced once more.
        and(lte(sandboxProcessorCharges.returnsAt, now), noEventOf(db, ['charge.returned'])),
      ),
    )
    .orderBy(asc(sandboxProcessorCharges.createdAt))
    .limit(1000);
  if (charges.length === 0) return 0;
  const written = await db
    .insert(sandboxProcessorEvents)
    .values(
      charges.map((row) => {
        const charge = toCharge(row, now);
        return {
          id: newSandboxId('sbx_evt'),
          processorAccountId: row.processorAccountId,
          chargeId: row.id,
          type: eventTypeOf(charge),
          charge,
          createdAt: now,
          deliverAfter: now,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: sandboxProcessorEvents.id });
  return written.length;
}

const noEventOf = (db: Db, types: string[]) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(sandboxProcessorEvents)
      .where(
        and(
          eq(sandboxProcessorEvents.chargeId, sandboxProcessorCharges.id),
          inArray(sandboxProcessorEvents.type, types),
        ),
      ),
  );

/** The body Paylane receives: Stripe's event envelope, with the charge as the object. */
export function sandboxEventBody(event: typeof sandboxProcessorEvents.$inferSelect): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    account: event.processorAccountId,
    created: Math.floor(event.createdAt.getTime() / 1000),
    data: { object: event.charge },
  });
}

/** `t=<unix seconds>,v1=<HMAC-SHA256 hex of "t.body">`, the shape of Stripe-Signature. */
export function signSandboxBody(body: string, secret: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** The event of a delivery whose signature checks out over the raw body, else null. */
export function verifySandboxEvent(input: {
  rawBody: string;
  signature: string | undefined;
  secret: string;
  now: Date;
}): ProcessorEvent | null {
  const parts = new Map(
    (input.signature ?? '').split(',').map((part) => part.split('=', 2) as [string, string]),
  );
  const timestamp = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(timestamp) || Math.abs(input.now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS)
    return null;
  const expected = createHmac('sha256', input.secret).update(`${timestamp}.${input.rawBody}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const event = JSON.parse(input.rawBody) as {
      id: string;
      type: string;
      account: string;
      data: { object: ProcessorCharge };
    };
    return {
      eventId: event.id,
      type: event.type,
      processorAccountId: event.account,
      charge: event.data.object,
    };
  } catch {
    return null;
  }
}

export type SandboxDelivery = {
  db: Db;
  now: Date;
  url: string;
  secret: string;
  disorder: SandboxWebhookDisorder;
  /** fetch, or a stand-in for it. */
  post?: typeof fetch;
};

/**
 * Delivers the events that are due: each signed, POSTed to our webhook, marked delivered on a 2xx and otherwise
 * retried later with backoff. With disorder on request, a batch goes out newest first and each event twice.
 */
export async function deliverSandboxEvents(
  delivery: SandboxDelivery,
): Promise<{ delivered: number; failed: number }> {
  const { db, now } = delivery;
  const post = delivery.post ?? fetch;
  const due = await db
    .select()
    .from(sandboxProcessorEvents)
    .where(
      and(
        isNull(sandboxProcessorEvents.deliveredAt),
        lte(sandboxProcessorEvents.deliverAfter, now),
        lt(sandboxProcessorEvents.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(sandboxProcessorEvents.createdAt), asc(sandboxProcessorEvents.id))
    .limit(BATCH);
  const reorder = delivery.disorder === 'reorder' || delivery.disorder === 'duplicate_and_reorder';
  const times = delivery.disorder === 'duplicate' || delivery.disorder === 'duplicate_and_reorder' ? 2 : 1;
  let delivered = 0;
  for (const event of reorder ? due.reverse() : due) {
    const outcome = await sendEvent(post, delivery, event, times);
    if (outcome === null) delivered += 1;
    await db
      .update(sandboxProcessorEvents)
      .set(
        outcome === null
          ? { deliveredAt: now, attempts: event.attempts + 1, lastError: null }
          : {
              attempts: event.attempts + 1,
              lastError: outcome,
              deliverAfter: new Date(now.getTime() + backoffMs(event.attempts + 1)),
            },
      )
      .where(eq(sandboxProcessorEvents.id, event.id));
  }
  return { delivered, failed: due.length - delivered };
}

/** null when our endpoint took it (2xx), else why not. */
async function sendEvent(
  post: typeof fetch,
  delivery: SandboxDelivery,
  event: typeof sandboxProcessorEvents.$inferSelect,
  times: number,
): Promise<string | null> {
  const body = sandboxEventBody(event);
  let failure: string | null = null;
  for (let attempt = 0; attempt < times; attempt += 1) {
    try {
      const response = await post(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(body, delivery.secret, delivery.now),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (!response.ok) failure = `HTTP ${response.status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
  }
  return failure;
}

const backoffMs = (attempts: number) => Math.min(10_000 * 2 ** (attempts - 1), 3_600_000);
