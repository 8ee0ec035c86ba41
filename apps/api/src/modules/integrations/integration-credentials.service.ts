import { z } from 'zod';
import {
  credentialFields,
  type CredentialField,
  type Credentials,
  type CredentialsUpdate,
  type CredentialVendor,
} from '@paylane/shared/contracts/integrations';
import { validationMessages } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { fieldError } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import { findMerchantIntegration, upsertMerchantIntegration } from './integrations.repository';
import type { Actor } from '../../kit/actor';

// PassTime and Ituran logins. The whole set (non-secret fields and password) is sealed into
// credentials_encrypted with ctx.cipher, so a database dump reveals nothing; answers and the audit log
// carry the non-secret fields and has_password only; the audit log names the fields that changed.

type Stored = Record<string, string>;

const storedSchema = z.record(z.string(), z.string());

function unseal(ctx: AppContext, sealed: string | null | undefined): Stored {
  if (!sealed) return {};
  try {
    return storedSchema.parse(JSON.parse(ctx.cipher.decrypt(sealed)));
  } catch (error) {
    // A value sealed under another key cannot be read: the form shows it as unset so it can be entered again.
    ctx.log.warn({ err: error }, 'stored integration credentials could not be unsealed');
    return {};
  }
}

function toView<V extends CredentialVendor>(vendor: V, stored: Stored, isEnabled: boolean): Credentials<V> {
  const fields = Object.fromEntries(
    credentialFields[vendor].map((field) => [field, stored[field] ?? '']),
  ) as Record<CredentialField<V>, string>;
  return { ...fields, has_password: Boolean(stored.password), is_enabled: isEnabled };
}

export async function getIntegrationCredentials<V extends CredentialVendor>(
  ctx: AppContext,
  merchantId: string,
  vendor: V,
): Promise<Credentials<V>> {
  const row = await findMerchantIntegration(ctx.db, merchantId, vendor);
  return toView(vendor, unseal(ctx, row?.credentialsEncrypted), row?.isEnabled ?? false);
}

/** Replaces the credentials; an empty password keeps the stored one (the form never receives it back). */
export async function updateIntegrationCredentials<V extends CredentialVendor>(
  ctx: AppContext,
  actor: Actor,
  vendor: V,
  input: CredentialsUpdate<V>,
): Promise<Credentials<V>> {
  const current = await findMerchantIntegration(ctx.db, actor.merchantId, vendor);
  const stored = unseal(ctx, current?.credentialsEncrypted);
  const password = input.password || stored.password;
  if (!password) throw fieldError('password', validationMessages.required);
  const next: Stored = { password };
  for (const field of credentialFields[vendor]) next[field] = input[field as CredentialField<V>];
  const row = await upsertMerchantIntegration(ctx.db, {
    merchantId: actor.merchantId,
    integrationType: vendor,
    now: ctx.now(),
    set: { credentialsEncrypted: ctx.cipher.encrypt(JSON.stringify(next)) },
  });
  // The audit names what changed, not the values: the whole login stays sealed, user names included.
  const changedFields = Object.keys(next).filter((field) => next[field] !== stored[field]);
  await recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'integration.credentials_updated',
    entityType: 'merchant_integration',
    entityId: vendor,
    before: { has_password: Boolean(stored.password) },
    after: { has_password: true, changed_fields: changedFields },
  });
  return toView(vendor, next, row.isEnabled);
}
