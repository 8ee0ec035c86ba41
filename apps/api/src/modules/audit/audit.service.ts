import type { AppContext } from '../../context';
import { insertAuditEntry, type AuditEntry } from './audit.repository';

/** Records who did what (design.md §5). Callers pass before/after snapshots for changes. */
export function recordAudit(ctx: AppContext, entry: AuditEntry): Promise<void> {
  return insertAuditEntry(ctx.db, entry);
}
