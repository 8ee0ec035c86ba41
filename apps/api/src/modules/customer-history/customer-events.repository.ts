import type { Db } from '../../db/client';
import { customerEvents } from '../../db/schema';

export type CustomerEventInput = {
  merchantId: string;
  customerId: string;
  accountId?: string | null;
  /** e.g. 'customer.updated', 'note.added', 'co_borrower.linked' (see contracts/customers historyEventSchema). */
  kind: string;
  actorUserId: string | null;
  details?: Record<string, unknown>;
  at: Date;
};

/** Writes one event of a customer's history timeline; pass a transaction handle to keep it with the change. */
export async function insertCustomerEvents(db: Db, events: readonly CustomerEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(customerEvents).values(
    events.map((event) => ({
      merchantId: event.merchantId,
      customerId: event.customerId,
      accountId: event.accountId ?? null,
      kind: event.kind,
      actorUserId: event.actorUserId,
      details: event.details ?? {},
      createdAt: event.at,
    })),
  );
}

/** The fields that differ between two snapshots, as { field: [before, after] } (an update's details). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = [before[key], after[key]];
  }
  return changes;
}
