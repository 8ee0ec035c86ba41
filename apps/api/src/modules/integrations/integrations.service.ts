import {
  integrationNames,
  integrationTypes,
  isIntegrationType,
  type Integration,
  type IntegrationType,
} from '@paylane/shared/contracts/integrations';
import type { Page } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import {
  findMerchantIntegration,
  listMerchantIntegrations,
  upsertMerchantIntegration,
  type MerchantIntegrationRow,
} from './integrations.repository';
import type { Actor } from '../../kit/actor';

function toIntegration(type: IntegrationType, row: MerchantIntegrationRow | null | undefined): Integration {
  return {
    integration_type: type,
    name: integrationNames[type],
    is_enabled: row?.isEnabled ?? false,
    has_credentials: Boolean(row?.credentialsEncrypted),
  };
}

/** Every known integration, enabled or not, in a fixed order (one page: the list is short). */
export async function listIntegrations(ctx: AppContext, merchantId: string): Promise<Page<Integration>> {
  const rows = await listMerchantIntegrations(ctx.db, merchantId);
  const byType = new Map(rows.map((row) => [row.integrationType, row]));
  const results = integrationTypes.map((type) => toIntegration(type, byType.get(type)));
  return { count: results.length, next: null, previous: null, results };
}

/**
 * Switches an integration on or off. Repeating the same request changes nothing and records nothing, so
 * a retried click is harmless.
 */
export async function setIntegrationEnabled(
  ctx: AppContext,
  actor: Actor,
  input: { integrationType: string; isEnabled: boolean },
): Promise<Integration> {
  const type = input.integrationType;
  if (!isIntegrationType(type)) throw notFound();
  const current = await findMerchantIntegration(ctx.db, actor.merchantId, type);
  if ((current?.isEnabled ?? false) === input.isEnabled) return toIntegration(type, current);
  const row = await upsertMerchantIntegration(ctx.db, {
    merchantId: actor.merchantId,
    integrationType: type,
    now: ctx.now(),
    set: { isEnabled: input.isEnabled },
  });
  await recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: input.isEnabled ? 'integration.enabled' : 'integration.disabled',
    entityType: 'merchant_integration',
    entityId: type,
    before: { is_enabled: !input.isEnabled },
    after: { is_enabled: input.isEnabled },
  });
  return toIntegration(type, row);
}
