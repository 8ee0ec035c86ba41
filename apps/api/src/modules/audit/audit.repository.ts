import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
