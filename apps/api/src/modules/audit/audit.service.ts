import type { AuditEntry as AuditEntryOut, AuditFilterOptions } from '@paylane/shared/contracts/audit';
import type { AppContext } from '../../context';
import {
  insertAuditEntry,
  listAuditEntries,
  listAuditFilterValues,
  type AuditEntry,
} from './audit.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';

/** Records who did what (docs/conventions.md §5). Callers pass before/after snapshots for changes. */
export function recordAudit(ctx: AppContext, entry: AuditEntry): Promise<void> {
  return insertAuditEntry(ctx.db, entry);
}

type Person = { id: string; firstName: string; lastName: string; email: string };
const toActor = (person: Person) => ({
  id: person.id,
  first_name: person.firstName,
  last_name: person.lastName,
  email: person.email,
});

/** GET .../audit-log/: the merchant's entries, newest first, filtered. */
export async function listAuditLog(
  ctx: AppContext,
  merchant: { id: string; timeZone: string },
  query: {
    page: number;
    page_size: number;
    action?: string | undefined;
    entity_type?: string | undefined;
    actor?: string | undefined;
    start?: string | undefined;
    end?: string | undefined;
  },
): Promise<PageSlice<AuditEntryOut>> {
  const { rows, total } = await listAuditEntries(ctx.db, {
    merchantId: merchant.id,
    timeZone: merchant.timeZone,
    action: query.action,
    entityType: query.entity_type,
    actorUserId: query.actor,
    start: query.start,
    end: query.end,
    ...rowsOfPage(query),
  });
  const results = rows.map(({ entry, actor }) => ({
    id: entry.id,
    created: entry.createdAt.toISOString(),
    actor: actor ? toActor(actor) : null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
  return { count: total, results };
}

/** GET .../audit-log/filter_options/. */
export async function getAuditFilterOptions(
  ctx: AppContext,
  merchantId: string,
): Promise<AuditFilterOptions> {
  const values = await listAuditFilterValues(ctx.db, merchantId);
  return { actions: values.actions, entity_types: values.entityTypes, actors: values.actors.map(toActor) };
}
