import { and, eq, isNull, sql } from 'drizzle-orm';
import { systemTemplateTypes, type SystemTemplateType } from '@paylane/shared/messaging';
import type { Db } from '../../db/client';
import { messageTemplates } from '../../db/schema';
import { systemTemplateBodies, systemTemplateDefaults } from './system-templates';
import type { TemplateRow } from './message-templates.repository';

// Added to a default name the merchant already gave one of their own templates (names are unique per
// merchant, without case), so the system template is still created.
const TAKEN_NAME_SUFFIX = ' (auto generated)';

const defaultsJson = JSON.stringify(
  systemTemplateTypes.map((type) => {
    const template = systemTemplateDefaults[type];
    return {
      type,
      name: template.name,
      description: template.description,
      bodies: systemTemplateBodies(template),
    };
  }),
);

/**
 * Gives the merchant each system template it lacks (docs/product.md §3: all 13 system types), active, in one statement;
 * answers how many it created. Idempotent and cheap when nothing is missing (13 index probes, no row
 * written), so callers run it whenever the templates must be there: merchant creation, the demo seed, the
 * template list and findSystemTemplate (merchants created before templates existed get theirs there).
 * ON CONFLICT DO NOTHING settles two callers racing for the same merchant.
 */
export async function seedSystemTemplates(db: Db, merchantId: string): Promise<number> {
  const result = await db.execute(sql`
    insert into message_templates (merchant_id, name, description, type, active, is_visible, message_bodies)
    select ${merchantId}::uuid,
      case when exists (
        select 1 from message_templates taken
        where taken.merchant_id = ${merchantId}::uuid and taken.deleted_at is null
          and lower(taken.name) = lower(d.name)
      ) then d.name || ${TAKEN_NAME_SUFFIX} else d.name end,
      d.description, d.type, true, true, d.bodies
    from jsonb_to_recordset(${defaultsJson}::jsonb) as d(type text, name text, description text, bodies jsonb)
    where not exists (
      select 1 from message_templates existing
      where existing.merchant_id = ${merchantId}::uuid and existing.type = d.type
        and existing.deleted_at is null
    )
    on conflict do nothing
  `);
  return result.rowCount ?? 0;
}

/**
 * The merchant's template for a system event (later issues send it when the event happens); seeds the
 * merchant's system templates first if this one is missing. Null only if it cannot be created.
 */
export async function findSystemTemplate(
  db: Db,
  merchantId: string,
  type: SystemTemplateType,
): Promise<TemplateRow | null> {
  const read = async () => {
    const [row] = await db
      .select()
      .from(messageTemplates)
      .where(
        and(
          eq(messageTemplates.merchantId, merchantId),
          eq(messageTemplates.type, type),
          isNull(messageTemplates.deletedAt),
        ),
      )
      .limit(1);
    return row ?? null;
  };
  const found = await read();
  if (found) return found;
  await seedSystemTemplates(db, merchantId);
  return read();
}
