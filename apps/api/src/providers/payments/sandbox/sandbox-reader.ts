import type { SandboxReaderCard } from '@paylane/shared/contracts/payments';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxProcessorCharges, sandboxProcessorMethods, sandboxReaderRequests } from '../../../db/schema';
import type { ReaderRequest } from '../payment-processor';
import { newSandboxId } from './sandbox-processor';
import { cardOutcome, sandboxBinInfo } from './sandbox-test-numbers';

// The sandbox's simulated card reader (POS, card present), after Stripe Terminal's simulated readers: Paylane
// asks it to collect an amount; someone then "presents" one of the named test cards, and the reader charges
// it under Paylane's reference. No card number ever travels: the test card is chosen by name.

/** The cards the simulated reader offers, by name (docs/reference/payments.md "The sandbox processor"). */
export const sandboxReaderCards = {
  visa_credit: '4242424242424242',
  visa_debit: '4000056655665556',
  declined: '4000000000000002',
  insufficient_funds: '4000000000009995',
} as const satisfies Record<SandboxReaderCard, string>;
export type { SandboxReaderCard };

/** A reader times out a request nobody presents a card to, well before Paylane gives the payment up. */
export const READER_TIMEOUT_MS = 10 * 60_000;

export async function requestOnSandboxReader(
  db: Db,
  input: {
    processorAccountId: string;
    idempotencyKey: string;
    reference: string;
    amountCents: number;
    now: Date;
  },
): Promise<ReaderRequest> {
  await db
    .insert(sandboxReaderRequests)
    .values({
      id: newSandboxId('sbx_rdr'),
      processorAccountId: input.processorAccountId,
      idempotencyKey: input.idempotencyKey,
      reference: input.reference,
      amountCents: input.amountCents,
      createdAt: input.now,
    })
    .onConflictDoNothing();
  // The same key again (a retried request) answers the request it made the first time.
  const [row] = await db
    .select()
    .from(sandboxReaderRequests)
    .where(
      and(
        eq(sandboxReaderRequests.processorAccountId, input.processorAccountId),
        eq(sandboxReaderRequests.idempotencyKey, input.idempotencyKey),
      ),
    );
  if (!row) throw new Error('sandbox reader request vanished');
  return { readerRequestId: row.id, simulated: true };
}

export type PresentOutcome = 'charged' | 'not_found' | 'already_presented' | 'timed_out';

/**
 * A test card presented to the reader: the reader charges it once under the request's reference (the
 * outcome the test number decides), and the request is done. A second presentation changes nothing.
 */
export async function presentSandboxCard(
  db: Db,
  input: { readerRequestId: string; card: SandboxReaderCard; now: Date },
): Promise<PresentOutcome> {
  const [request] = await db
    .update(sandboxReaderRequests)
    .set({ presentedAt: input.now })
    .where(
      and(eq(sandboxReaderRequests.id, input.readerRequestId), isNull(sandboxReaderRequests.presentedAt)),
    )
    .returning();
  if (!request) {
    const [seen] = await db
      .select({ id: sandboxReaderRequests.id })
      .from(sandboxReaderRequests)
      .where(eq(sandboxReaderRequests.id, input.readerRequestId));
    return seen ? 'already_presented' : 'not_found';
  }
  if (input.now.getTime() - request.createdAt.getTime() > READER_TIMEOUT_MS) return 'timed_out';
  const number = sandboxReaderCards[input.card];
  const bin = sandboxBinInfo(number);
  const outcome = cardOutcome(number);
  const token = newSandboxId('sbx_pm');
  await db.insert(sandboxProcessorMethods).values({
    token,
    processorAccountId: request.processorAccountId,
    kind: 'card',
    brand: bin.brand,
    funding: bin.funding,
    last4: number.slice(-4),
    outcome,
    createdAt: input.now,
  });
  await db.insert(sandboxProcessorCharges).values({
    id: newSandboxId('sbx_ch'),
    processorAccountId: request.processorAccountId,
    idempotencyKey: request.idempotencyKey,
    requestDigest: `reader:${request.id}`,
    reference: request.reference,
    methodToken: token,
    amountCents: request.amountCents,
    outcome,
    createdAt: input.now,
  });
  return 'charged';
}
