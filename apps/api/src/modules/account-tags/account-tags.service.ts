import type { AccountTag, AccountTagWrite } from '@paylane/shared/contracts/account-tags';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import {
  deleteAccountTag as deleteAccountTagRow,
  findAccountTag,
  findAccountTagByName,
  insertAccountTag,
  listAccountTags as listAccountTagRows,
  updateAccountTagName,
} from './account-tags.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import type { Actor } from '../../kit/actor';

const nameTaken = () => fieldError('name', messages.tagNameTaken);

/** Two requests racing past the name check still meet the unique index; they get the same answer. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

export async function listAccountTags(
  ctx: AppContext,
  merchantId: string,
  query: { search?: string | undefined; page: number; page_size: number },
): Promise<PageSlice<AccountTag>> {
  const { rows, total } = await listAccountTagRows(ctx.db, {
    merchantId,
    search: query.search || undefined,
    ...rowsOfPage(query),
  });
  return { count: total, results: rows };
}

export async function createAccountTag(ctx: AppContext, actor: Actor, input: AccountTagWrite) {
  const { merchantId } = actor;
  if (await findAccountTagByName(ctx.db, { merchantId, name: input.name })) throw nameTaken();
  const tag = await insertAccountTag(ctx.db, { merchantId, name: input.name }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? nameTaken() : error;
  });
  await audit(ctx, actor, 'account_tag.created', tag.id, { before: null, after: tag });
  return tag;
}

export async function renameAccountTag(ctx: AppContext, actor: Actor, id: string, input: AccountTagWrite) {
  const { merchantId } = actor;
  const before = await getAccountTag(ctx, merchantId, id);
  if (await findAccountTagByName(ctx.db, { merchantId, name: input.name, exceptId: id })) throw nameTaken();
  const tag = await updateAccountTagName(ctx.db, { merchantId, id, name: input.name }).catch(
    (error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    },
  );
  if (!tag) throw notFound();
  await audit(ctx, actor, 'account_tag.renamed', id, { before, after: tag });
  return tag;
}

export async function deleteAccountTag(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const tag = await deleteAccountTagRow(ctx.db, { merchantId: actor.merchantId, id });
  if (!tag) throw notFound();
  await audit(ctx, actor, 'account_tag.deleted', id, { before: tag, after: null });
}

async function getAccountTag(ctx: AppContext, merchantId: string, id: string): Promise<AccountTag> {
  const tag = await findAccountTag(ctx.db, merchantId, id);
  if (!tag) throw notFound();
  return tag;
}

function audit(
  ctx: AppContext,
  actor: Actor,
  action: string,
  tagId: string,
  change: { before: AccountTag | null; after: AccountTag | null },
) {
  return recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action,
    entityType: 'account_tag',
    entityId: tagId,
    ...change,
  });
}
