import type { MerchantSettings, MerchantSettingsUpdate } from '@paylane/shared/contracts/merchant-settings';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import {
  findMerchantSettings,
  updateMerchantSettings as updateMerchantSettingsRow,
  type MerchantSettingsRow,
} from './merchant-settings.repository';
import type { Actor } from '../../kit/actor';

function toMerchantSettings(row: MerchantSettingsRow): MerchantSettings {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    time_zone: row.timeZone,
    quiet_hours_start: row.quietHoursStart,
    quiet_hours_end: row.quietHoursEnd,
    min_payment_amount_cents: row.minPaymentAmountCents,
    max_payment_amount_cents: row.maxPaymentAmountCents,
  };
}

export async function getMerchantSettings(ctx: AppContext, merchantId: string): Promise<MerchantSettings> {
  const row = await findMerchantSettings(ctx.db, merchantId);
  if (!row) throw notFound();
  return toMerchantSettings(row);
}

/** Replaces the general settings and records the change with before/after snapshots. */
export async function updateMerchantSettings(
  ctx: AppContext,
  actor: Actor,
  input: MerchantSettingsUpdate,
): Promise<MerchantSettings> {
  const before = await getMerchantSettings(ctx, actor.merchantId);
  const row = await updateMerchantSettingsRow(ctx.db, {
    merchantId: actor.merchantId,
    now: ctx.now(),
    data: {
      name: input.name,
      email: input.email,
      phone: input.phone,
      website: input.website,
      timeZone: input.time_zone,
      quietHoursStart: input.quiet_hours_start,
      quietHoursEnd: input.quiet_hours_end,
      minPaymentAmountCents: input.min_payment_amount_cents,
      maxPaymentAmountCents: input.max_payment_amount_cents ?? null,
    },
  });
  if (!row) throw notFound();
  const after = toMerchantSettings(row);
  await recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'merchant_settings.updated',
    entityType: 'merchant',
    entityId: actor.merchantId,
    before,
    after,
  });
  return after;
}
