import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxSms, outboxSmsFailureRules } from '../../db/schema';
import { countWhere } from '../../kit/count';

export async function listOutboxTexts(
  db: Db,
  query: { to?: string | undefined; limit: number; offset: number },
) {
  const where = query.to ? eq(outboxSms.toAddress, query.to) : undefined;
  const rows = await db
    .select()
    .from(outboxSms)
    .where(where)
    .orderBy(desc(outboxSms.createdAt), desc(outboxSms.sid))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await countWhere(db, outboxSms, where) };
}

/** One rule a number: a new rule for the same number replaces the old one. */
export async function putFailureRule(
  db: Db,
  rule: { toAddress: string; errorCode: string; stage: 'send' | 'callback' },
) {
  await db
    .insert(outboxSmsFailureRules)
    .values(rule)
    .onConflictDoUpdate({
      target: outboxSmsFailureRules.toAddress,
      set: { errorCode: rule.errorCode, stage: rule.stage },
    });
}

/** Every failure rule, or only the one for `toAddress` (a journey cleaning up after itself). */
export async function clearFailureRules(db: Db, toAddress?: string) {
  await db
    .delete(outboxSmsFailureRules)
    .where(toAddress === undefined ? undefined : eq(outboxSmsFailureRules.toAddress, toAddress));
}
