import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantAccounts, payments, processorEvents } from '../../db/schema';

type Processor = 'sandbox' | 'stripe';

/**
 * The payment a processor event names by its reference (our payment id), checked against the processor and
 * the connected account the event came from: an event can only ever touch a payment sent there.
 */
export async function findPaymentOfProcessor(
  db: Db,
  key: { id: string; processor: Processor; processorAccountId: string },
) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, key.id),
        eq(payments.processor, key.processor),
        eq(payments.processorAccountId, key.processorAccountId),
      ),
    );
  return row ?? null;
}

/**
 * The payment an event names by the processor's own charge id (a Stripe dispute names its PaymentIntent, not
 * our reference), under the connected account the event came from. The merchants using that account narrow
 * the search to their payments' index, as processor_charge_id has none of its own (disputes are rare).
 */
export async function findPaymentOfProcessorCharge(
  db: Db,
  key: { processorChargeId: string; processor: Processor; processorAccountId: string },
) {
  const merchantsOfAccount = db
    .select({ merchantId: merchantAccounts.merchantId })
    .from(merchantAccounts)
    .where(
      and(
        eq(merchantAccounts.processor, key.processor),
        eq(merchantAccounts.processorAccountId, key.processorAccountId),
      ),
    );
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.merchantId, merchantsOfAccount),
        eq(payments.processor, key.processor),
        eq(payments.processorAccountId, key.processorAccountId),
        eq(payments.processorChargeId, key.processorChargeId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function isProcessorEventSeen(db: Db, key: { processor: Processor; eventId: string }) {
  const [row] = await db
    .select({ id: processorEvents.id })
    .from(processorEvents)
    .where(and(eq(processorEvents.processor, key.processor), eq(processorEvents.eventId, key.eventId)));
  return Boolean(row);
}

export async function recordProcessorEvent(db: Db, values: typeof processorEvents.$inferInsert) {
  await db.insert(processorEvents).values(values).onConflictDoNothing();
}
