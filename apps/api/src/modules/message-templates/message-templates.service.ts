import type {
  MessageTemplate,
  messageTemplateListQuerySchema,
  messageTemplateWriteSchema,
} from '@paylane/shared/contracts/message-templates';
import { messages } from '@paylane/shared/messages';
import {
  hasCollectorName,
  isSystemTemplateType,
  templateTypeOnSave,
  type TemplateType,
} from '@paylane/shared/messaging';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invalid, fieldError, notFound } from '../../kit/errors';
import {
  findTemplate,
  findTemplateConflicts,
  insertTemplate,
  listTemplates,
  softDeleteTemplate,
  updateTemplateRow,
  type TemplateData,
  type TemplateRow,
} from './message-templates.repository';
import { seedSystemTemplates } from './system-templates.repository';
import { isUuid } from '@paylane/shared/validation';
import { inTransaction } from '../../kit/transaction';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import type { Actor } from '../../kit/actor';

export type TemplateWrite = z.output<typeof messageTemplateWriteSchema>;
type ListQuery = z.output<typeof messageTemplateListQuerySchema>;

export function toMessageTemplate(row: TemplateRow): MessageTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    active: row.active,
    is_visible: row.isVisible,
    delta_days: row.deltaDays,
    message_bodies: row.messageBodies,
    is_system: isSystemTemplateType(row.type),
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

/** The merchant's live template; 404 for a malformed id, a deleted template or another merchant's. */
export async function getTemplate(
  db: Db,
  merchantId: string,
  id: string,
  lock = false,
): Promise<TemplateRow> {
  const row = isUuid(id) ? await findTemplate(db, { merchantId, id, lock }) : null;
  if (!row) throw notFound();
  return row;
}

/**
 * The template a text is sent with (`message_template_id` of a chat or mass text): the merchant's own, live
 * and active. Another merchant's id, a deleted one or one that is no id at all is the field's 'Not found.'.
 */
export async function getSendableTemplate(db: Db, merchantId: string, id: string): Promise<TemplateRow> {
  const row = isUuid(id) ? await findTemplate(db, { merchantId, id }) : null;
  if (!row) throw fieldError('message_template_id', messages.notFound);
  if (!row.active) throw fieldError('message_template_id', messages.templateInactive);
  return row;
}

/** Routes call it before validation, so another merchant's template id is refused whatever the body says. */
export async function checkTemplatePath(ctx: AppContext, merchantId: string, id: string): Promise<void> {
  await getTemplate(ctx.db, merchantId, id);
}

export async function listMessageTemplates(
  ctx: AppContext,
  merchantId: string,
  query: ListQuery,
): Promise<PageSlice<MessageTemplate>> {
  // Merchants created before templates existed get their system templates the first time they look.
  await seedSystemTemplates(ctx.db, merchantId);
  const { rows, total } = await listTemplates(ctx.db, {
    merchantId,
    search: query.search || undefined,
    type: query.type,
    active: query.active === undefined ? undefined : query.active === 'true',
    includeHidden: query.include_hidden === 'true',
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toMessageTemplate),
  };
}

export async function getMessageTemplate(
  ctx: AppContext,
  merchantId: string,
  id: string,
): Promise<MessageTemplate> {
  return toMessageTemplate(await getTemplate(ctx.db, merchantId, id));
}

/**
 * What is stored for a write (docs/product.md §4): the type by templateTypeOnSave (a system template keeps its own),
 * a collector-name placeholder clears the days (no collector sends automations), and system templates have
 * no schedule (they are sent on their event).
 */
export function templateDataOf(input: TemplateWrite, currentType?: TemplateType): TemplateData {
  const bodies = input.message_bodies.map((body) => body.message_body);
  const deltaDays = bodies.some(hasCollectorName) ? null : input.delta_days;
  const type = templateTypeOnSave({ currentType, deltaDays, bodies });
  return {
    name: input.name,
    description: input.description,
    type,
    active: input.active,
    isVisible: input.is_visible,
    deltaDays: isSystemTemplateType(type) ? null : deltaDays,
    messageBodies: input.message_bodies,
  };
}

/** 400 with every unique rule the data breaks ('Existing template name', the chosen days). */
async function checkUniqueRules(db: Db, merchantId: string, data: TemplateData, exceptId?: string) {
  const conflicts = await findTemplateConflicts(db, {
    merchantId,
    name: data.name,
    scheduledDays: data.type === 'SCHEDULED' ? data.deltaDays : null,
    exceptId,
  });
  const errors: Record<string, string[]> = {};
  if (conflicts.isNameTaken) errors.name = [messages.templateNameTaken];
  if (conflicts.isDaysTaken) errors.delta_days = [messages.templateDaysTaken];
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** The 400 a racing writer's unique violation (23505) stands for, told apart by its index. */
function uniqueViolationErrors(error: unknown): Record<string, string[]> | null {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code !== '23505') continue;
    if (constraint === 'message_templates_merchant_name_key') return { name: [messages.templateNameTaken] };
    if (constraint === 'message_templates_merchant_days_key')
      return { delta_days: [messages.templateDaysTaken] };
  }
  return null;
}

async function answeringUniqueViolations<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const errors = uniqueViolationErrors(error);
    throw errors ? invalid(errors) : error;
  }
}

/**
 * Creates a template (docs/product.md §7 POST). A caller's `type` is not read: the stored type follows the §4 rule, so
 * a new template is never a system one. The compose flow's unsaved body (docs/product.md §9: a generated timestamped
 * name, inactive and hidden) is created with active false and is_visible false.
 */
export async function createMessageTemplate(
  ctx: AppContext,
  actor: Actor,
  input: TemplateWrite,
): Promise<MessageTemplate> {
  const data = templateDataOf(input);
  const row = await answeringUniqueViolations(async () => {
    await checkUniqueRules(ctx.db, actor.merchantId, data);
    return insertTemplate(ctx.db, {
      merchantId: actor.merchantId,
      createdByUserId: actor.userId,
      at: ctx.now(),
      data,
    });
  });
  return toMessageTemplate(row);
}

/** Replaces a template (docs/product.md §7 PUT); system templates keep their type and stay active (docs/product.md §4). */
export async function updateMessageTemplate(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: TemplateWrite,
): Promise<MessageTemplate> {
  const { merchantId } = actor;
  const row = await answeringUniqueViolations(() =>
    inTransaction(ctx.db, async (db) => {
      const before = await getTemplate(db, merchantId, id, true);
      if (isSystemTemplateType(before.type)) checkSystemTemplateWrite(before.type, input);
      const data = templateDataOf(input, before.type);
      await checkUniqueRules(db, merchantId, data, before.id);
      const after = await updateTemplateRow(db, { merchantId, id: before.id, at: ctx.now(), data });
      if (!after) throw notFound();
      return after;
    }),
  );
  return toMessageTemplate(row);
}

function checkSystemTemplateWrite(type: TemplateType, input: TemplateWrite) {
  const errors: Record<string, string[]> = {};
  if (input.type !== undefined && input.type !== type) errors.type = [messages.templateTypeFixed];
  if (!input.active) errors.active = [messages.systemTemplateActive];
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** Soft-deletes a template (its name and days are free again); system templates cannot be deleted. */
export async function deleteMessageTemplate(ctx: AppContext, merchantId: string, id: string): Promise<void> {
  await inTransaction(ctx.db, async (db) => {
    const template = await getTemplate(db, merchantId, id, true);
    if (isSystemTemplateType(template.type)) {
      throw invalid({ non_field_errors: [messages.systemTemplateDelete] });
    }
    await softDeleteTemplate(db, { merchantId, id: template.id, at: ctx.now() });
  });
}

export type { TemplateRow } from './message-templates.repository';
