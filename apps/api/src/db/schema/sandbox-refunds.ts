import { bigint, index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The sandbox processor's refunds (providers/payments/sandbox/sandbox-refunds.ts), its side of the wire like
 * sandbox_processor_charges: one per (processor account, idempotency key), found again by our reference.
 */
export const sandboxProcessorRefunds = pgTable(
  'sandbox_processor_refunds',
  {
    id: text('id').primaryKey(),
    processorAccountId: text('processor_account_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    // SHA-256 of the parameters: the same key with other parameters is refused, as Stripe refuses it.
    requestDigest: text('request_digest').notNull(),
    reference: text('reference').notNull(),
    chargeId: text('charge_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('sandbox_processor_refunds_idempotency_key').on(t.processorAccountId, t.idempotencyKey),
    index('sandbox_processor_refunds_charge_idx').on(t.chargeId),
  ],
);
