import { z } from 'zod';
import { isoDateSchema } from '../validation';
import { pageQuerySchema } from './paging';

// The audit log of a merchant (docs/conventions.md §5: who did what for money, permissions, exports and settings).

/** '' from an emptied filter means no filter. */
const optionalFilter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => value || undefined);

const optionalDate = z
  .union([z.literal(''), isoDateSchema])
  .optional()
  .transform((value) => value || undefined);

// GET /api/merchants/{id}/audit-log/ — newest first. start and end are dates (YYYY-MM-DD, both inclusive)
// in the merchant's time zone.
export const auditLogQuerySchema = pageQuerySchema.extend({
  action: optionalFilter,
  entity_type: optionalFilter,
  actor: z
    .union([z.literal(''), z.uuid()])
    .optional()
    .transform((value) => value || undefined),
  start: optionalDate,
  end: optionalDate,
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditActorSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created: z.string(),
  /** Null when the change was made by the system or the user no longer exists. */
  actor: auditActorSchema.nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** Snapshots of the changed entity (JSON), null when there is none (a creation has no before). */
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// GET /api/merchants/{id}/audit-log/filter_options/ — the values the filters can take for this merchant.
export const auditFilterOptionsSchema = z.object({
  actions: z.array(z.string()),
  entity_types: z.array(z.string()),
  actors: z.array(auditActorSchema),
});
export type AuditFilterOptions = z.infer<typeof auditFilterOptionsSchema>;
