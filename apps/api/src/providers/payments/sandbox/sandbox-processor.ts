import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxProcessorCharges, sandboxProcessorMethods } from '../../../db/schema';
import {
  cardBrands,
  cardFundings,
  ProcessorError,
  type ChargeRequest,
  type ChargeStatus,
  type PaymentProcessor,
  type ProcessorCharge,
  type ProcessorMethod,
} from '../payment-processor';
import { requestOnSandboxReader } from './sandbox-reader';
import { createSandboxRefunds } from './sandbox-refunds';
import { finishedSandboxMethod, openSandboxEntry, SANDBOX_ENTRY_TTL_MS } from './sandbox-entries';
import { sandboxBinInfo, type SandboxOutcome } from './sandbox-test-numbers';

export type SandboxOptions = {
  db: Db;
  now: () => Date;
  /** How long the delayed test card stays `processing` before it succeeds. */
  delayMs: number;
  /** How long a bank debit stays `processing` before it settles or comes back. */
  bankSettleMs: number;
  /** How long a hosted entry stays open; 30 minutes unless a test says otherwise. */
  entryTtlMs?: number;
};

type ChargeRow = typeof sandboxProcessorCharges.$inferSelect;
type MethodRow = typeof sandboxProcessorMethods.$inferSelect;

export const newSandboxId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * What the processor answers about a charge at `now`: a delayed outcome reads `processing` until it settles; a
 * settled debit that comes back reads `succeeded` until its returns_at, then `returned`.
 */
export function chargeStatusAt(
  charge: Pick<ChargeRow, 'outcome' | 'settlesAt' | 'returnsAt'>,
  now: Date,
): ChargeStatus {
  const { outcome, settlesAt, returnsAt } = charge;
  if (settlesAt && now < settlesAt) return 'processing';
  switch (outcome.status) {
    case 'settles_then_returns':
      return returnsAt && now >= returnsAt ? 'returned' : 'succeeded';
    case 'succeeded':
    case 'answer_lost':
    case 'refund_fails':
    case 'delayed':
    case 'settles':
      return 'succeeded';
    case 'failed':
      return 'failed';
    case 'returns':
    case 'returns_once':
      return 'returned';
  }
}

export function toCharge(row: ChargeRow, now: Date): ProcessorCharge {
  const status = chargeStatusAt(row, now);
  const failure =
    (status === 'failed' || status === 'returned') && 'code' in row.outcome ? row.outcome : null;
  return {
    processorChargeId: row.id,
    reference: row.reference,
    amountCents: row.amountCents,
    status,
    failureCode: failure?.code ?? null,
    failureMessage: failure?.message ?? null,
  };
}

export function toProcessorMethod(row: MethodRow): ProcessorMethod {
  if (row.kind === 'bank')
    return {
      kind: 'bank',
      token: row.token,
      accountType: row.accountType === 'savings' ? 'savings' : 'checking',
      last4: row.last4,
      routingNumber: row.routingNumber ?? '',
    };
  return {
    kind: 'card',
    token: row.token,
    brand: cardBrands.find((brand) => brand === row.brand) ?? 'unknown',
    funding: cardFundings.find((funding) => funding === row.funding) ?? 'unknown',
    last4: row.last4,
    expMonth: row.expMonth ?? 0,
    expYear: row.expYear ?? 0,
  };
}

/** Same key, same parameters: the digest the sandbox keeps to tell a replay from a reuse. */
const digestOf = (request: ChargeRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.methodToken, request.amountCents, request.reference]))
    .digest('hex');

/**
 * The offline processor (docs/conventions.md §6, docs/reference/payments.md "The sandbox processor"): it keeps
 * its own books in the sandbox_processor_* tables, answers like a processor (declines by test number, bank
 * debits that settle or come back after a delay) and honours idempotency keys as Stripe does: a replayed key
 * answers the first charge, a key reused with other parameters is refused.
 */
export function createSandboxProcessor(options: SandboxOptions): PaymentProcessor {
  const { db, now } = options;

  async function chargeByKey(processorAccountId: string, idempotencyKey: string) {
    const [row] = await db
      .select()
      .from(sandboxProcessorCharges)
      .where(
        and(
          eq(sandboxProcessorCharges.processorAccountId, processorAccountId),
          eq(sandboxProcessorCharges.idempotencyKey, idempotencyKey),
        ),
      );
    return row ?? null;
  }

  function replayOf(row: ChargeRow, request: ChargeRequest): ProcessorCharge {
    if (row.requestDigest !== digestOf(request))
      throw new ProcessorError(
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        { code: 'idempotency_key_in_use', isAmbiguous: false },
      );
    return toCharge(row, now());
  }

  function settlesAtFor(outcome: SandboxOutcome): Date | null {
    if (outcome.status === 'delayed') return new Date(now().getTime() + options.delayMs);
    if (
      outcome.status === 'settles' ||
      outcome.status === 'returns_once' ||
      outcome.status === 'returns' ||
      outcome.status === 'settles_then_returns'
    )
      return new Date(now().getTime() + options.bankSettleMs);
    return null;
  }

  async function methodRow(processorAccountId: string, token: string) {
    const [row] = await db
      .select()
      .from(sandboxProcessorMethods)
      .where(
        and(
          eq(sandboxProcessorMethods.processorAccountId, processorAccountId),
          eq(sandboxProcessorMethods.token, token),
          isNull(sandboxProcessorMethods.detachedAt),
        ),
      );
    return row ?? null;
  }

  /** A method that returns once: its first charge comes back, later ones (re-presentments) settle. */
  async function outcomeOf(method: MethodRow): Promise<SandboxOutcome> {
    if (method.outcome.status !== 'returns_once') return method.outcome;
    const [earlier] = await db
      .select({ id: sandboxProcessorCharges.id })
      .from(sandboxProcessorCharges)
      .where(
        and(
          eq(sandboxProcessorCharges.processorAccountId, method.processorAccountId),
          eq(sandboxProcessorCharges.methodToken, method.token),
        ),
      )
      .limit(1);
    const { code, message } = method.outcome;
    return earlier ? { status: 'settles' } : { status: 'returns', code, message };
  }

  return {
    name: 'sandbox',

    async lookupBin(bin) {
      return sandboxBinInfo(bin);
    },

    async findMethod({ processorAccountId, token }) {
      const row = await methodRow(processorAccountId, token);
      return row ? toProcessorMethod(row) : null;
    },

    async charge(request) {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 1)
        throw new ProcessorError('Amount must be a positive number of cents.', {
          code: 'amount_invalid',
          isAmbiguous: false,
        });
      // A replayed key is answered by the insert's conflict below, so the usual first charge costs no lookup by
      // key; only a method gone since (detached) is looked up first, as a replay still answers its charge.
      const method = await methodRow(request.processorAccountId, request.methodToken);
      const earlier = method ? null : await chargeByKey(request.processorAccountId, request.idempotencyKey);
      if (earlier) return replayOf(earlier, request);
      if (!method)
        throw new ProcessorError(`No such payment method: '${request.methodToken}'`, {
          code: 'resource_missing',
          isAmbiguous: false,
        });
      const outcome = await outcomeOf(method);
      const [inserted] = await db
        .insert(sandboxProcessorCharges)
        .values({
          id: newSandboxId('sbx_ch'),
          processorAccountId: request.processorAccountId,
          idempotencyKey: request.idempotencyKey,
          requestDigest: digestOf(request),
          reference: request.reference,
          methodToken: request.methodToken,
          amountCents: request.amountCents,
          outcome,
          settlesAt: settlesAtFor(outcome),
          // Comes back one further settle delay after it settled.
          returnsAt:
            outcome.status === 'settles_then_returns'
              ? new Date(now().getTime() + 2 * options.bankSettleMs)
              : null,
          createdAt: now(),
        })
        .onConflictDoNothing()
        .returning();
      if (inserted?.outcome.status === 'answer_lost')
        throw new ProcessorError('The connection was reset before the answer arrived.', {
          code: 'connection_reset',
          isAmbiguous: true,
        });
      if (inserted) return toCharge(inserted, now());
      // The key was used before (a replay), or arrived twice at once: the first insert won, this one answers as
      // its replay.
      const winner = await chargeByKey(request.processorAccountId, request.idempotencyKey);
      if (!winner) throw new Error('sandbox charge vanished after an idempotency conflict');
      return replayOf(winner, request);
    },

    async findCharge({ processorAccountId, reference }) {
      const [row] = await db
        .select()
        .from(sandboxProcessorCharges)
        .where(
          and(
            eq(sandboxProcessorCharges.processorAccountId, processorAccountId),
            eq(sandboxProcessorCharges.reference, reference),
          ),
        )
        .limit(1);
      return row ? toCharge(row, now()) : null;
    },
    ...createSandboxRefunds(db, now),

    collectOnReader(request) {
      return requestOnSandboxReader(db, { ...request, now: now() });
    },

    // The sandbox's own hosted page (sandbox-entry.routes.ts) takes the numbers; the port sees only the token.
    async startMethodEntry({ processorAccountId, kind, reference }) {
      const ttlMs = options.entryTtlMs ?? SANDBOX_ENTRY_TTL_MS;
      return openSandboxEntry(db, { processorAccountId, kind, reference, now: now(), ttlMs });
    },

    async finishMethodEntry(input) {
      return finishedSandboxMethod(db, input);
    },

    // Forgotten, not deleted: the charges made with it keep naming its token.
    async detachMethod({ processorAccountId, token }) {
      await db
        .update(sandboxProcessorMethods)
        .set({ detachedAt: now() })
        .where(
          and(
            eq(sandboxProcessorMethods.processorAccountId, processorAccountId),
            eq(sandboxProcessorMethods.token, token),
            isNull(sandboxProcessorMethods.detachedAt),
          ),
        );
    },
  };
}
