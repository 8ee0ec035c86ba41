import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerEvents, users } from '../../db/schema';

/** A position in the timeline: the event's time to the microsecond (as text) and its id. */
export type HistoryPosition = { at: string; id: number };

// The cursor keeps PostgreSQL's full precision: a JavaScript Date would cut microseconds and skip or repeat
// events at a page boundary.
const positionAt = sql<string>`to_char(${customerEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the customer's timeline, newest first (customer_events_customer_idx). `after` reads older
 * events than a position; `before` newer ones (then still answered newest first).
 */
export async function listCustomerEventRows(
  db: Db,
  query: {
    merchantId: string;
    customerId: string;
    limit: number;
    after?: HistoryPosition | undefined;
    before?: HistoryPosition | undefined;
  },
) {
  const conditions: SQL[] = [
    eq(customerEvents.merchantId, query.merchantId),
    eq(customerEvents.customerId, query.customerId),
  ];
  const key = sql`(${customerEvents.createdAt}, ${customerEvents.id})`;
  if (query.after) conditions.push(sql`${key} < (${query.after.at}::timestamptz, ${query.after.id})`);
  if (query.before) conditions.push(sql`${key} > (${query.before.at}::timestamptz, ${query.before.id})`);
  const newestFirst = !query.before;
  const direction = newestFirst ? desc : asc;
  const rows = await db
    .select({
      id: customerEvents.id,
      kind: customerEvents.kind,
      accountId: customerEvents.accountId,
      details: customerEvents.details,
      createdAt: customerEvents.createdAt,
      position: positionAt,
      actorId: users.id,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(customerEvents)
    .leftJoin(users, eq(users.id, customerEvents.actorUserId))
    .where(and(...conditions))
    .orderBy(direction(customerEvents.createdAt), direction(customerEvents.id))
    .limit(query.limit);
  return newestFirst ? rows : rows.reverse();
}

export type CustomerEventRow = Awaited<ReturnType<typeof listCustomerEventRows>>[number];
