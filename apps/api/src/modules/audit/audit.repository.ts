import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { countWhere } from '../../kit/count';

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export type AuditFilters = {
  merchantId: string;
  /** The merchant's IANA zone: start and end are its local dates. */
  timeZone: string;
  action?: string | undefined;
  entityType?: string | undefined;
  actorUserId?: string | undefined;
  /** YYYY-MM-DD, inclusive. */
  start?: string | undefined;
  end?: string | undefined;
};

/** Local midnight of a date in a zone, as an instant (the zone's offset that day, DST included). */
const localMidnight = (date: string, timeZone: string, plusDays = 0) =>
  sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

function filterConditions(filters: AuditFilters): SQL | undefined {
  return and(
    // Every query of the log carries the merchant: another merchant's entries are never read.
    eq(auditLog.merchantId, filters.merchantId),
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.entityType ? eq(auditLog.entityType, filters.entityType) : undefined,
    filters.actorUserId ? eq(auditLog.actorUserId, filters.actorUserId) : undefined,
    filters.start ? gte(auditLog.createdAt, localMidnight(filters.start, filters.timeZone)) : undefined,
    filters.end ? lt(auditLog.createdAt, localMidnight(filters.end, filters.timeZone, 1)) : undefined,
  );
}

export async function listAuditEntries(db: Db, query: AuditFilters & { limit: number; offset: number }) {
  const where = filterConditions(query);
  // Newest first on the (merchant_id, created_at) index; id breaks ties within one instant.
  const rows = await db
    .select({
      entry: auditLog,
      actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, auditLog, where) };
}

/** The actions, entity types and actors present in the merchant's log, for the filters. */
export async function listAuditFilterValues(db: Db, merchantId: string) {
  const ofMerchant = eq(auditLog.merchantId, merchantId);
  const actions = await db
    .selectDistinct({ value: auditLog.action })
    .from(auditLog)
    .where(ofMerchant)
    .orderBy(asc(auditLog.action));
  const entityTypes = await db
    .selectDistinct({ value: auditLog.entityType })
    .from(auditLog)
    .where(ofMerchant)
    .orderBy(asc(auditLog.entityType));
  const actors = await db
    .selectDistinct({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(ofMerchant)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return {
    actions: actions.map((row) => row.value),
    entityTypes: entityTypes.map((row) => row.value),
    actors,
  };
}
