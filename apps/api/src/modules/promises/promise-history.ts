import type { Db } from '../../db/client';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import type { PromiseRow } from './promises.repository';

// Every promise event in the customer's history timeline (issue 17 item 5), in the transaction that made it.

export type PromiseEventKind =
  | 'promise.created'
  | 'promise.confirmed'
  | 'promise.cancelled'
  | 'promise.scheduled_payment_made'
  | 'promise.scheduled_payment_failed'
  | 'promise.kept'
  | 'promise.partially_kept'
  | 'promise.broken';

export async function recordPromiseEvent(
  db: Db,
  promise: PromiseRow,
  kind: PromiseEventKind,
  input: { actorUserId: string | null; at: Date; extra?: Record<string, unknown> },
): Promise<void> {
  await insertCustomerEvents(db, [
    {
      merchantId: promise.merchantId,
      customerId: promise.customerId,
      accountId: promise.accountId,
      kind,
      actorUserId: input.actorUserId,
      at: input.at,
      details: {
        promise_id: promise.id,
        status: promise.status,
        scheduled_date: promise.scheduledAt.toISOString(),
        date: promise.localDate,
        time: promise.localTime,
        amount_cents: promise.amountCents,
        paid_cents: promise.paidCents,
        transaction_id: promise.transactionId,
        failure_message: promise.failureMessage,
        ...input.extra,
      },
    },
  ]);
}
