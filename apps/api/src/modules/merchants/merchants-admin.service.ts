import type {
  Merchant,
  MerchantCreate,
  MerchantListQuery,
  MerchantUpdate,
} from '@paylane/shared/contracts/merchants';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { invalid, forbidden, notFound } from '../../kit/errors';
import { uniqueConstraintOf } from '../../lib/unique-violation';
import type { AuthUser } from '../../plugins/access';
import { recordAudit } from '../audit/audit.service';
import { seedSystemTemplates } from '../message-templates/system-templates.service';
import {
  findSenderTaken,
  insertMerchant,
  listMerchants as listMerchantRows,
  updateMerchantRow,
  type MerchantWrite,
} from './merchants.repository';
import type { UserActor } from '../../kit/actor';
import { toMerchant } from './merchants.service';
import { rowsOfPage, type PageSlice } from '../../kit/paging';

type ListInput = MerchantListQuery;

/**
 * The merchants screen: super admins see every merchant, partners only those they onboarded (read-only);
 * anyone else is refused, so a merchant's own users never learn other merchants' names.
 */
export async function listMerchants(
  ctx: AppContext,
  user: AuthUser,
  query: ListInput,
): Promise<PageSlice<Merchant>> {
  if (!user.isSuperAdmin && !user.isPartner) throw forbidden();
  const { rows, total } = await listMerchantRows(ctx.db, {
    partnerUserId: user.isSuperAdmin ? null : user.id,
    search: query.search || undefined,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toMerchant),
  };
}

function toMerchantWrite(input: MerchantUpdate): MerchantWrite {
  return {
    name: input.name,
    integrationType: input.integration_type,
    isIntegrated: input.is_integrated,
    checkCustomRoles: input.check_custom_roles,
    allowGroupMessage: input.allow_group_message,
    timeZone: input.time_zone,
    status: input.status,
    // Left out (undefined): the stored sender stays as it is.
    smsFromNumber: input.sms_from_number,
    smsMessagingServiceSid: input.sms_messaging_service_sid,
  };
}

/**
 * A merchant's own sender must lead back to it alone: a number or Messaging Service another merchant (or the
 * platform, for its notices) sends from is refused, since inbound texts are routed by the number texted.
 */
async function checkSenders(ctx: AppContext, merchantId: string | null, input: MerchantUpdate) {
  const number = input.sms_from_number ?? null;
  const serviceSid = input.sms_messaging_service_sid ?? null;
  const taken = await findSenderTaken(ctx.db, { exceptId: merchantId, number, serviceSid });
  const errors: Record<string, string[]> = {};
  if (number && (taken.number || number === ctx.config.sms.fromNumber)) {
    errors.sms_from_number = [messages.phoneInUse];
  }
  if (serviceSid && (taken.serviceSid || serviceSid === ctx.config.sms.twilio.messagingServiceSid)) {
    errors.sms_messaging_service_sid = [messages.messagingServiceInUse];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** A write that lost a race for a sender to another super admin gets the check's answer. */
function senderTakenError(error: unknown): unknown {
  switch (uniqueConstraintOf(error)) {
    case 'merchants_sms_from_number_key':
      return invalid({ sms_from_number: [messages.phoneInUse] });
    case 'merchants_sms_messaging_service_sid_key':
      return invalid({ sms_messaging_service_sid: [messages.messagingServiceInUse] });
    default:
      return error;
  }
}

export async function createMerchant(
  ctx: AppContext,
  actor: UserActor,
  input: MerchantCreate,
): Promise<Merchant> {
  await checkSenders(ctx, null, input);
  const row = await insertMerchant(ctx.db, toMerchantWrite(input)).catch((error: unknown) => {
    throw senderTakenError(error);
  });
  const merchant = toMerchant(row);
  // Every merchant has the auto generated templates of docs/product.md §3 from its first day.
  await seedSystemTemplates(ctx.db, merchant.id);
  await recordAudit(ctx, {
    merchantId: merchant.id,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'merchant.created',
    entityType: 'merchant',
    entityId: merchant.id,
    before: null,
    after: merchant,
  });
  return merchant;
}

/** Replaces the merchant's record and records the change with before/after snapshots. */
export async function updateMerchant(
  ctx: AppContext,
  actor: UserActor,
  input: { before: Merchant; data: MerchantUpdate },
): Promise<Merchant> {
  await checkSenders(ctx, input.before.id, input.data);
  const row = await updateMerchantRow(ctx.db, {
    id: input.before.id,
    now: ctx.now(),
    data: toMerchantWrite(input.data),
  }).catch((error: unknown) => {
    throw senderTakenError(error);
  });
  if (!row) throw notFound();
  const after = toMerchant(row);
  await recordAudit(ctx, {
    merchantId: after.id,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'merchant.updated',
    entityType: 'merchant',
    entityId: after.id,
    before: input.before,
    after,
  });
  return after;
}
