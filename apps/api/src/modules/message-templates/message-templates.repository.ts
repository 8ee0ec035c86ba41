import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { TemplateType } from '@paylane/shared/messaging';
import type { Db } from '../../db/client';
import { messageTemplates, type MessageBody } from '../../db/schema';
import { escapeLike } from '../../kit/like';
import { countWhere } from '../../kit/count';

// Every query carries the merchant id and leaves deleted templates out: a deleted template, like another
// merchant's, is not there (its name and days are free again; the partial unique indexes agree).

export type TemplateRow = typeof messageTemplates.$inferSelect;

export type TemplateData = {
  name: string;
  description: string;
  type: TemplateType;
  active: boolean;
  isVisible: boolean;
  deltaDays: number | null;
  messageBodies: MessageBody[];
};

const liveOf = (merchantId: string) =>
  and(eq(messageTemplates.merchantId, merchantId), isNull(messageTemplates.deletedAt));

export type TemplateListQuery = {
  merchantId: string;
  search?: string | undefined;
  type?: TemplateType | undefined;
  active?: boolean | undefined;
  includeHidden: boolean;
  limit: number;
  offset: number;
};

/** A page of the merchant's templates by name (the name index on lower(name) serves the order). */
export async function listTemplates(
  db: Db,
  query: TemplateListQuery,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [liveOf(query.merchantId)];
  if (query.search) {
    conditions.push(
      sql`lower(${messageTemplates.name}) like ${`%${escapeLike(query.search.toLowerCase())}%`}`,
    );
  }
  if (query.type) conditions.push(eq(messageTemplates.type, query.type));
  if (query.active !== undefined) conditions.push(eq(messageTemplates.active, query.active));
  if (!query.includeHidden) conditions.push(eq(messageTemplates.isVisible, true));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(messageTemplates)
    .where(where)
    .orderBy(sql`lower(${messageTemplates.name})`, asc(messageTemplates.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, messageTemplates, where) };
}

/** One live template of the merchant; `lock` holds it (FOR UPDATE) for a change. */
export async function findTemplate(
  db: Db,
  { merchantId, id, lock = false }: { merchantId: string; id: string; lock?: boolean },
): Promise<TemplateRow | null> {
  const query = db
    .select()
    .from(messageTemplates)
    .where(and(liveOf(merchantId), eq(messageTemplates.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Which of the template's unique values another live template of the merchant already has: the name
 * (without case) and, for a SCHEDULED template, its days. `exceptId` is the template being changed.
 */
export async function findTemplateConflicts(
  db: Db,
  input: { merchantId: string; name: string; scheduledDays: number | null; exceptId?: string | undefined },
): Promise<{ isNameTaken: boolean; isDaysTaken: boolean }> {
  const others = and(
    liveOf(input.merchantId),
    input.exceptId ? ne(messageTemplates.id, input.exceptId) : undefined,
  );
  const sameDays =
    input.scheduledDays === null
      ? sql`false`
      : sql`${messageTemplates.type} = 'SCHEDULED' and ${messageTemplates.deltaDays} = ${input.scheduledDays}`;
  const [row] = await db
    .select({
      isNameTaken: sql<boolean>`coalesce(bool_or(lower(${messageTemplates.name}) = lower(${input.name})), false)`,
      isDaysTaken: sql<boolean>`coalesce(bool_or(${sameDays}), false)`,
    })
    .from(messageTemplates)
    .where(
      and(
        others,
        input.scheduledDays === null
          ? sql`lower(${messageTemplates.name}) = lower(${input.name})`
          : sql`(lower(${messageTemplates.name}) = lower(${input.name}) or (${sameDays}))`,
      ),
    );
  return { isNameTaken: row?.isNameTaken ?? false, isDaysTaken: row?.isDaysTaken ?? false };
}

export async function insertTemplate(
  db: Db,
  input: { merchantId: string; createdByUserId: string | null; at: Date; data: TemplateData },
): Promise<TemplateRow> {
  const [row] = await db
    .insert(messageTemplates)
    .values({
      ...input.data,
      merchantId: input.merchantId,
      createdByUserId: input.createdByUserId,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateTemplateRow(
  db: Db,
  input: { merchantId: string; id: string; at: Date; data: TemplateData },
): Promise<TemplateRow | null> {
  const [row] = await db
    .update(messageTemplates)
    .set({ ...input.data, updatedAt: input.at })
    .where(and(liveOf(input.merchantId), eq(messageTemplates.id, input.id)))
    .returning();
  return row ?? null;
}

/** Soft delete (docs/conventions.md §5): the row stays for the messages that name it, inactive and out of every list. */
export async function softDeleteTemplate(
  db: Db,
  input: { merchantId: string; id: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(messageTemplates)
    .set({ deletedAt: input.at, active: false, updatedAt: input.at })
    .where(and(liveOf(input.merchantId), eq(messageTemplates.id, input.id)))
    .returning({ id: messageTemplates.id });
  return rows.length > 0;
}
