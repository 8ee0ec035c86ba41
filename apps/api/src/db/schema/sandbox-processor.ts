import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { ProcessorCharge } from '../../providers/payments/payment-processor';
import type { SandboxOutcome } from '../../providers/payments/sandbox/sandbox-test-numbers';
import { createdAt } from './columns';

// The offline sandbox processor's own books (providers/payments/sandbox/). They stand for what a real processor
// keeps on its side of the wire: Paylane's modules never read them, and they hold no card or account number —
// only what a processor answers about a method (brand, funding, last four) and the test outcome its number chose.

export const sandboxProcessorMethods = pgTable('sandbox_processor_methods', {
  token: text('token').primaryKey(),
  processorAccountId: text('processor_account_id').notNull(),
  kind: text('kind', { enum: ['card', 'bank'] }).notNull(),
  brand: text('brand'),
  funding: text('funding'),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  accountType: text('account_type'),
  routingNumber: text('routing_number'),
  outcome: jsonb('outcome').$type<SandboxOutcome>().notNull(),
  createdAt: createdAt(),
  // A detached method is forgotten: it is not found and cannot be charged again.
  detachedAt: timestamp('detached_at', { withTimezone: true }),
});

/**
 * An open hosted entry (the sandbox's page at /api/sandbox-processor/entry/{id}/): the id is the page's only
 * key, so it is long and random; single use (method_token set once) and short-lived (expires_at).
 */
export const sandboxProcessorEntries = pgTable('sandbox_processor_entries', {
  id: text('id').primaryKey(),
  processorAccountId: text('processor_account_id').notNull(),
  kind: text('kind', { enum: ['card', 'bank'] }).notNull(),
  // The caller's reference (the customer or pay link the entry is for), as a processor keeps metadata.
  reference: text('reference').notNull(),
  methodToken: text('method_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const sandboxProcessorCharges = pgTable(
  'sandbox_processor_charges',
  {
    id: text('id').primaryKey(),
    processorAccountId: text('processor_account_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    // SHA-256 of the parameters, so the same key with other parameters is refused as Stripe refuses it.
    requestDigest: text('request_digest').notNull(),
    reference: text('reference').notNull(),
    methodToken: text('method_token').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    outcome: jsonb('outcome').$type<SandboxOutcome>().notNull(),
    // When a delayed card or a bank debit stops processing; null for an answer given at once.
    settlesAt: timestamp('settles_at', { withTimezone: true }),
    // A settled bank debit that comes back later (R10 up to 60 days on): when it reads 'returned'.
    returnsAt: timestamp('returns_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('sandbox_processor_charges_idempotency_key').on(t.processorAccountId, t.idempotencyKey),
    index('sandbox_processor_charges_reference_idx').on(t.processorAccountId, t.reference),
  ],
);

/**
 * The sandbox's outgoing webhook events (docs/reference/payments.md "The sandbox processor"): one per charge and
 * status it reached, delivered signed to Paylane's webhook by a loop that retries with backoff, as a processor
 * does. Delivered means our endpoint answered 2xx.
 */
export const sandboxProcessorEvents = pgTable(
  'sandbox_processor_events',
  {
    id: text('id').primaryKey(),
    processorAccountId: text('processor_account_id').notNull(),
    chargeId: text('charge_id').notNull(),
    type: text('type').notNull(),
    charge: jsonb('charge').$type<ProcessorCharge>().notNull(),
    createdAt: createdAt(),
    deliverAfter: timestamp('deliver_after', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    unique('sandbox_processor_events_once').on(t.chargeId, t.type),
    index('sandbox_processor_events_due_idx')
      .on(t.deliverAfter)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

/**
 * The sandbox's simulated card reader: a charge it was asked to collect, waiting for a test card to be
 * presented (as Stripe Terminal's simulated readers are). One per (processor account, idempotency key).
 */
export const sandboxReaderRequests = pgTable(
  'sandbox_reader_requests',
  {
    id: text('id').primaryKey(),
    processorAccountId: text('processor_account_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    reference: text('reference').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    presentedAt: timestamp('presented_at', { withTimezone: true }),
  },
  (t) => [unique('sandbox_reader_requests_idempotency_key').on(t.processorAccountId, t.idempotencyKey)],
);
