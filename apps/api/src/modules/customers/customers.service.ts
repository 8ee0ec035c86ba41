import type {
  Customer,
  CustomerCreate,
  CustomerRef,
  CustomerWrite,
} from '@paylane/shared/contracts/customers';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { invalid, notFound } from '../../kit/errors';
import {
  changedFields,
  insertCustomerEvents,
  type CustomerEventInput,
} from '../customer-history/customer-events.service';
import { insertAccountWithTags, listCustomerAccounts, toCustomerRef } from './accounts.service';
import { payPinHashOf } from './account-pay-pin';
import { accountRuleErrors, answeringUniqueViolations, checkCustomerRules } from './customer-rules';
import {
  findCustomerRow,
  insertCustomer,
  setCustomerLastViewed,
  updateCustomerRow,
  voidCustomerRow,
  type CustomerData,
  type CustomerRow,
  type CustomerWithLocation,
} from './customers.repository';
import { clearUnreadCount } from '../inbox/inbox.service';
import { inTransaction } from '../../kit/transaction';
import type { Actor } from '../../kit/actor';

export type { Actor };

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toCustomer(row: CustomerWithLocation, accounts: Customer['accounts']): Customer {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    external_id: row.externalId,
    email: row.email,
    sms_phone_number: row.smsPhoneNumber,
    location: row.location,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    date_of_birth: row.dateOfBirth,
    language: row.language === 'es-US' ? 'es-US' : 'en-US',
    sms_opted_out: row.smsOptedOutAt !== null,
    email_opted_out: row.emailOptedOutAt !== null,
    last_viewed_at: iso(row.lastViewedAt),
    voided_at: iso(row.voidedAt),
    merged_into_id: row.mergedIntoId,
    accounts,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

/** The merchant's customer with their accounts (voided ones too), or null. */
export async function findCustomer(
  ctx: AppContext,
  merchantId: string,
  id: string,
): Promise<Customer | null> {
  // Independent reads, side by side on the pool: the request waits for one round trip, not two.
  const [row, accounts] = await Promise.all([
    findCustomerRow(ctx.db, merchantId, id),
    listCustomerAccounts(ctx, merchantId, id),
  ]);
  if (!row) return null;
  return toCustomer(row, accounts);
}

export async function getCustomer(ctx: AppContext, merchantId: string, id: string): Promise<Customer> {
  const customer = await findCustomer(ctx, merchantId, id);
  if (!customer) throw notFound();
  return customer;
}

/** The merchant's customer as other records name them (voided ones too), or null; one query. */
export async function findCustomerRef(
  ctx: AppContext,
  merchantId: string,
  id: string,
): Promise<(CustomerRef & { voided: boolean }) | null> {
  const row = await findCustomerRow(ctx.db, merchantId, id);
  return row ? { ...toCustomerRef(row), voided: row.voidedAt !== null } : null;
}

const toCustomerData = (input: CustomerWrite, locationId: string): CustomerData => ({
  firstName: input.first_name,
  lastName: input.last_name,
  externalId: input.external_id,
  email: input.email,
  smsPhoneNumber: input.sms_phone_number,
  locationId,
  addressLine1: input.address_line1,
  addressLine2: input.address_line2,
  city: input.city,
  state: input.state,
  postalCode: input.postal_code,
  dateOfBirth: input.date_of_birth,
  language: input.language,
});

/** What the history keeps of a customer: the fields a person edits, the location by name. */
function customerSnapshot(row: CustomerRow, locationName: string | null) {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    external_id: row.externalId,
    email: row.email,
    sms_phone_number: row.smsPhoneNumber,
    location: locationName,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    date_of_birth: row.dateOfBirth,
    language: row.language,
  };
}

/** docs/product.md §2 create: the customer and an optional first account, with their history, in one transaction. */
export async function createCustomer(
  ctx: AppContext,
  actor: Actor,
  input: CustomerCreate,
): Promise<Customer> {
  const { merchantId } = actor;
  const account = input.account
    ? await accountRuleErrors(ctx.db, { merchantId, data: input.account, prefix: 'account.' })
    : null;
  const location = await checkCustomerRules(ctx.db, { merchantId, data: input }, account?.errors);
  const payPinHash = input.account ? await payPinHashOf(input.account) : undefined;
  const at = ctx.now();
  const id = await answeringUniqueViolations(
    () =>
      inTransaction(ctx.db, async (tx) => {
        const row = await insertCustomer(tx, { merchantId, data: toCustomerData(input, location.id), at });
        const events: CustomerEventInput[] = [
          {
            merchantId,
            customerId: row.id,
            kind: 'customer.created',
            actorUserId: actor.userId,
            details: customerSnapshot(row, location.name),
            at,
          },
        ];
        if (input.account && account) {
          const customer = { ...row, location };
          const data = input.account;
          events.push(
            await insertAccountWithTags(tx, {
              actor,
              customer,
              data,
              checked: account.checked,
              at,
              payPinHash,
            }),
          );
        }
        await insertCustomerEvents(tx, events);
        return row.id;
      }),
    'account.',
  );
  return getCustomer(ctx, merchantId, id);
}

/** PUT bp_information: the whole customer; a voided customer stays as it was. */
export async function updateCustomer(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: CustomerWrite,
): Promise<Customer> {
  const { merchantId } = actor;
  const before = await findCustomerRow(ctx.db, merchantId, id);
  if (!before) throw notFound();
  if (before.voidedAt) throw invalid({ non_field_errors: [messages.customerVoided] });
  const location = await checkCustomerRules(ctx.db, { merchantId, data: input, exceptId: id });
  const at = ctx.now();
  await answeringUniqueViolations(() =>
    inTransaction(ctx.db, async (tx) => {
      const row = await updateCustomerRow(tx, {
        merchantId,
        id,
        data: toCustomerData(input, location.id),
        at,
      });
      if (!row) throw notFound();
      const changes = changedFields(
        customerSnapshot(before, before.location?.name ?? null),
        customerSnapshot(row, location.name),
      );
      if (Object.keys(changes).length === 0) return;
      await insertCustomerEvents(tx, [
        {
          merchantId,
          customerId: id,
          kind: 'customer.updated',
          actorUserId: actor.userId,
          details: changes,
          at,
        },
      ]);
    }),
  );
  return getCustomer(ctx, merchantId, id);
}

/** DELETE: voids the customer (history kept, phone freed); voiding again changes nothing. */
export async function voidCustomer(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const { merchantId } = actor;
  if (!(await findCustomerRow(ctx.db, merchantId, id))) throw notFound();
  const at = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const voided = await voidCustomerRow(tx, { merchantId, id, at });
    if (!voided) return;
    await insertCustomerEvents(tx, [
      { merchantId, customerId: id, kind: 'customer.voided', actorUserId: actor.userId, at },
    ]);
  });
}

/** docs/product.md §7 update_last_viewed: staff opened the customer now (and read their conversation). */
export async function updateLastViewed(
  ctx: AppContext,
  merchantId: string,
  id: string,
): Promise<{ last_viewed_at: string }> {
  const at = await setCustomerLastViewed(ctx.db, { merchantId, id, at: ctx.now() });
  if (!at) throw notFound();
  // Opening the customer reads their conversation: the inbox badge clears (issue 6).
  await clearUnreadCount(ctx.db, merchantId, id);
  return { last_viewed_at: at.toISOString() };
}
