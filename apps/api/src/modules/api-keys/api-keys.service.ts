import {
  API_KEY_READABLE_PREFIX,
  type ApiKey,
  type ApiKeyCreate,
  type CreatedApiKey,
} from '@paylane/shared/contracts/api-keys';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import { generateSecret, hashSecret } from '../../lib/secrets';
import { recordAudit } from '../audit/audit.service';
import {
  findApiKey,
  insertApiKey,
  listApiKeys as listApiKeyRows,
  revokeApiKey as revokeApiKeyRow,
  type ApiKeyListRow,
} from './api-keys.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import type { Actor } from '../../kit/actor';

/** How many characters after the readable prefix are kept to tell keys apart in lists. */
const API_KEY_PREFIX_LENGTH = 8;

function toApiKey(row: ApiKeyListRow): ApiKey {
  const creatorName = `${row.createdByFirstName ?? ''} ${row.createdByLastName ?? ''}`.trim();
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created: row.createdAt.toISOString(),
    last_used: row.lastUsedAt?.toISOString() ?? null,
    created_by: creatorName || row.createdByEmail,
    revoked: row.revokedAt !== null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(
  ctx: AppContext,
  merchantId: string,
  query: { page: number; page_size: number },
): Promise<PageSlice<ApiKey>> {
  const { rows, total } = await listApiKeyRows(ctx.db, {
    merchantId,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toApiKey),
  };
}

/** A new key: 32 random bytes after 'pl_live_'. Only its SHA-256 digest is stored; the caller sees it once. */
export async function createApiKey(
  ctx: AppContext,
  actor: Actor,
  input: ApiKeyCreate,
): Promise<CreatedApiKey> {
  const key = `${API_KEY_READABLE_PREFIX}${generateSecret(32)}`;
  const prefix = key.slice(
    API_KEY_READABLE_PREFIX.length,
    API_KEY_READABLE_PREFIX.length + API_KEY_PREFIX_LENGTH,
  );
  const row = await insertApiKey(ctx.db, {
    merchantId: actor.merchantId,
    name: input.name,
    prefix,
    keyHash: hashSecret(key),
    createdByUserId: actor.userId,
  });
  await recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'api_key.created',
    entityType: 'api_key',
    entityId: row.id,
    after: { name: row.name, prefix },
  });
  return { ...(await getApiKey(ctx, actor.merchantId, row.id)), key };
}

/** Revokes at once (the access check reads non-revoked keys on every call); revoking twice changes nothing. */
export async function revokeApiKey(ctx: AppContext, actor: Actor, id: string): Promise<ApiKey> {
  const isRevokedNow = await revokeApiKeyRow(ctx.db, { merchantId: actor.merchantId, id, now: ctx.now() });
  const key = await getApiKey(ctx, actor.merchantId, id);
  if (isRevokedNow) {
    await recordAudit(ctx, {
      merchantId: actor.merchantId,
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'api_key.revoked',
      entityType: 'api_key',
      entityId: id,
      before: { name: key.name, prefix: key.prefix, revoked: false },
      after: { name: key.name, prefix: key.prefix, revoked: true },
    });
  }
  return key;
}

async function getApiKey(ctx: AppContext, merchantId: string, id: string): Promise<ApiKey> {
  const row = await findApiKey(ctx.db, merchantId, id);
  if (!row) throw notFound();
  return toApiKey(row);
}

/** The access plugin's lookups: an active key by its hash, and when it was last used. */
export { findActiveApiKeyByHash, touchApiKeyLastUsed } from './api-keys.repository';
