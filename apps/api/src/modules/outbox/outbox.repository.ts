import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { countWhere } from '../../kit/count';

export async function listOutboxEmails(
  db: Db,
  query: { to?: string | undefined; limit: number; offset: number },
) {
  const where = query.to ? eq(outboxEmails.toAddress, query.to.toLowerCase()) : undefined;
  const rows = await db
    .select()
    .from(outboxEmails)
    .where(where)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, outboxEmails, where) };
}
