import type { AccountWrite, CustomerWrite } from '@paylane/shared/contracts/customers';
import { messages } from '@paylane/shared/messages';
import type { Db } from '../../db/client';
import { invalid } from '../../kit/errors';
import { findMerchantTags, isAccountExternalIdTaken } from './accounts.repository';
import { findMerchantLocation, isCustomerExternalIdTaken, isPhoneInUse } from './customers.repository';
import { isUuid } from '@paylane/shared/validation';

// The rules the schemas cannot know: a location and tags must be the merchant's, external ids and live
// phone numbers unique in the merchant. Each is checked before writing so all problems show together,
// and the unique indexes back them up: a request racing another past the check meets the index, and its
// unique violation is answered with the same message (uniqueViolationErrors).

export type FieldErrors = Record<string, string[]>;
type Location = { id: string; name: string };

async function merchantLocation(db: Db, merchantId: string, id: string): Promise<Location | null> {
  return isUuid(id) ? findMerchantLocation(db, merchantId, id) : null;
}

/** Checks a customer write; answers its location, or throws 400 with every broken rule. */
export async function checkCustomerRules(
  db: Db,
  input: { merchantId: string; data: CustomerWrite; exceptId?: string },
  extraErrors: FieldErrors = {},
): Promise<Location> {
  const { merchantId, data, exceptId } = input;
  const errors: FieldErrors = {};
  const location = await merchantLocation(db, merchantId, data.location);
  if (!location) errors.location = [messages.customerLocationMismatch];
  if (
    data.external_id &&
    (await isCustomerExternalIdTaken(db, { merchantId, externalId: data.external_id, exceptId }))
  ) {
    errors.external_id = [messages.customerExternalIdTaken];
  }
  if (
    data.sms_phone_number &&
    (await isPhoneInUse(db, { merchantId, phone: data.sms_phone_number, exceptId }))
  ) {
    errors.sms_phone_number = [messages.phoneInUse];
  }
  const all = { ...errors, ...extraErrors };
  if (Object.keys(all).length > 0 || !location) throw invalid(all);
  return location;
}

export type CheckedAccount = { location: Location | null; tags: Location[] };

/**
 * The broken rules of an account write, by field under `prefix` ('account.' inside a customer create),
 * with the account's location (null: use the customer's) and its tags.
 */
export async function accountRuleErrors(
  db: Db,
  input: { merchantId: string; data: AccountWrite; exceptId?: string; prefix?: string },
): Promise<{ errors: FieldErrors; checked: CheckedAccount }> {
  const { merchantId, data, exceptId, prefix = '' } = input;
  const errors: FieldErrors = {};
  let location: Location | null = null;
  if (data.location) {
    location = await merchantLocation(db, merchantId, data.location);
    if (!location) errors[`${prefix}location`] = [messages.customerLocationMismatch];
  }
  if (
    data.external_id &&
    (await isAccountExternalIdTaken(db, { merchantId, externalId: data.external_id, exceptId }))
  ) {
    errors[`${prefix}external_id`] = [messages.externalIdTaken];
  }
  const tagIds = [...new Set(data.tags)];
  const tags = tagIds.every(isUuid) ? await findMerchantTags(db, merchantId, tagIds) : [];
  if (tags.length !== tagIds.length) errors[`${prefix}tags`] = [messages.tagUnknown];
  return { errors, checked: { location, tags } };
}

/** Throws 400 when an account write breaks a rule; answers its checked location and tags. */
export async function checkAccountRules(
  db: Db,
  input: { merchantId: string; data: AccountWrite; exceptId?: string },
): Promise<CheckedAccount> {
  const { errors, checked } = await accountRuleErrors(db, input);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return checked;
}

const constraintOf = (error: unknown): string | null => {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return constraint;
  }
  return null;
};

/**
 * The 400 a unique violation stands for (PostgreSQL error 23505, told apart by its constraint), with
 * account fields under `accountPrefix`; null for any other error.
 */
export function uniqueViolationErrors(error: unknown, accountPrefix = ''): FieldErrors | null {
  switch (constraintOf(error)) {
    case 'customers_merchant_external_key':
      return { external_id: [messages.customerExternalIdTaken] };
    case 'customers_merchant_phone_key':
      return { sms_phone_number: [messages.phoneInUse] };
    case 'accounts_merchant_external_key':
      return { [`${accountPrefix}external_id`]: [messages.externalIdTaken] };
    default:
      return null;
  }
}

/** Runs a write; a unique violation becomes the 400 of its rule. */
export async function answeringUniqueViolations<T>(work: () => Promise<T>, accountPrefix = ''): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const errors = uniqueViolationErrors(error, accountPrefix);
    throw errors ? invalid(errors) : error;
  }
}
