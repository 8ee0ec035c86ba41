import type { AccountWrite, CustomerAccount, CustomerRef } from '@paylane/shared/contracts/customers';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../kit/errors';
import {
  changedFields,
  insertCustomerEvents,
  type CustomerEventInput,
} from '../customer-history/customer-events.service';
import {
  findOwnAccount,
  insertAccount,
  listAccountsOfCustomer,
  replaceAccountTags,
  updateAccountRow,
  type AccountData,
  type AccountRow,
  type AccountWithPrimary,
  type CustomerRefRow,
} from './accounts.repository';
import { answeringUniqueViolations, checkAccountRules, type CheckedAccount } from './customer-rules';
import { findCustomerRow, type CustomerWithLocation } from './customers.repository';
import { inTransaction } from '../../kit/transaction';
import { payPinHashOf, payPinState, replacedPayPin } from './account-pay-pin';
import type { Actor } from '../../kit/actor';

type Tag = { id: string; name: string };

export const toCustomerRef = (row: CustomerRefRow): CustomerRef => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  external_id: row.externalId,
  sms_phone_number: row.smsPhoneNumber,
});

/** An account as the customer `viewerId` sees it (their own, or one they co-borrow). */
export function toCustomerAccount(
  viewerId: string,
  { account, primary, location, tags, coBorrowers }: AccountWithPrimary,
): CustomerAccount {
  return {
    id: account.id,
    customer_id: account.customerId,
    role: account.customerId === viewerId ? 'primary' : 'co_borrower',
    primary_customer: toCustomerRef(primary),
    external_id: account.externalId,
    location,
    status: account.status,
    amount_due_cents: account.amountDueCents,
    due_date: account.dueDate,
    cadence: account.cadence,
    vehicle_year: account.vehicleYear,
    vehicle_make: account.vehicleMake,
    vehicle_model: account.vehicleModel,
    autopay_enabled: account.autopayEnabled,
    has_pin: account.payPinHash !== null,
    tags: tags.map(({ id, name }) => ({ id, name })),
    co_borrowers: coBorrowers.map(toCustomerRef),
    merged_into_id: account.mergedIntoId,
    created: account.createdAt.toISOString(),
    updated: account.updatedAt.toISOString(),
  };
}

/** The customer's own accounts (open first), then those they co-borrow, as the customer page shows them. */
export async function listCustomerAccounts(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
): Promise<CustomerAccount[]> {
  const rows = await listAccountsOfCustomer(ctx.db, merchantId, customerId);
  return rows.map((row) => toCustomerAccount(customerId, row));
}

/** One of the customer's own accounts; 404 when it is not theirs (or not the merchant's). */
export async function getCustomerAccount(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
  accountId: string,
): Promise<CustomerAccount> {
  const row = await findOwnAccount(ctx.db, { merchantId, customerId, accountId });
  if (!row) throw notFound();
  return toCustomerAccount(customerId, row);
}

/** The account's columns from a write; `payPinHash` undefined leaves the PIN as it is (account-pay-pin.ts). */
export function toAccountData(
  input: AccountWrite,
  locationId: string | null,
  payPinHash?: string | null,
): AccountData {
  return {
    payPinHash,
    externalId: input.external_id,
    status: input.status,
    amountDueCents: input.amount_due,
    dueDate: input.due_date,
    cadence: input.cadence,
    vehicleYear: input.vehicle_year,
    vehicleMake: input.vehicle_make,
    vehicleModel: input.vehicle_model,
    locationId,
  };
}

/** What the history keeps of an account: the person's words (location and tags by name). */
export function accountSnapshot(row: AccountRow, locationName: string | null, tags: Tag[]) {
  return {
    external_id: row.externalId,
    status: row.status,
    amount_due_cents: row.amountDueCents,
    due_date: row.dueDate,
    cadence: row.cadence,
    vehicle_year: row.vehicleYear,
    vehicle_make: row.vehicleMake,
    vehicle_model: row.vehicleModel,
    location: locationName,
    tags: tags.map((tag) => tag.name).sort(),
    pay_pin: payPinState(row.payPinHash !== null),
  };
}

/** Inserts an account with its tags inside the caller's transaction; answers its 'account.created' event. */
export async function insertAccountWithTags(
  tx: Db,
  input: {
    actor: Actor;
    customer: CustomerWithLocation;
    data: AccountWrite;
    checked: CheckedAccount;
    at: Date;
    /** The new PIN's hash (payPinHashOf), computed before the transaction: hashing is slow on purpose. */
    payPinHash?: string | null;
  },
): Promise<CustomerEventInput> {
  const { actor, customer, checked, at } = input;
  const location = checked.location ?? customer.location;
  const merchantId = actor.merchantId;
  const row = await insertAccount(tx, {
    merchantId,
    customerId: customer.id,
    data: toAccountData(input.data, location?.id ?? null, input.payPinHash),
    at,
  });
  const tagIds = checked.tags.map((tag) => tag.id);
  await replaceAccountTags(tx, { merchantId, accountId: row.id, tagIds, at });
  return {
    merchantId,
    customerId: customer.id,
    accountId: row.id,
    kind: 'account.created',
    actorUserId: actor.userId,
    details: accountSnapshot(row, location?.name ?? null, checked.tags),
    at,
  };
}

/** A customer accounts may be written for: the merchant's, and not voided. */
async function writableCustomer(ctx: AppContext, merchantId: string, customerId: string) {
  const customer = await findCustomerRow(ctx.db, merchantId, customerId);
  if (!customer) throw notFound();
  if (customer.voidedAt) throw invalid({ non_field_errors: [messages.customerVoided] });
  return customer;
}

export async function createAccount(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  data: AccountWrite,
): Promise<CustomerAccount> {
  const customer = await writableCustomer(ctx, actor.merchantId, customerId);
  const checked = await checkAccountRules(ctx.db, { merchantId: actor.merchantId, data });
  const payPinHash = await payPinHashOf(data);
  const at = ctx.now();
  const event = await answeringUniqueViolations(() =>
    inTransaction(ctx.db, async (tx) => {
      const created = await insertAccountWithTags(tx, { actor, customer, data, checked, at, payPinHash });
      await insertCustomerEvents(tx, [created]);
      return created;
    }),
  );
  return getCustomerAccount(ctx, actor.merchantId, customerId, event.accountId ?? '');
}

export async function updateAccount(
  ctx: AppContext,
  actor: Actor,
  ids: { customerId: string; accountId: string },
  data: AccountWrite,
): Promise<CustomerAccount> {
  const { merchantId } = actor;
  const customer = await writableCustomer(ctx, merchantId, ids.customerId);
  const before = await getCustomerAccount(ctx, merchantId, ids.customerId, ids.accountId);
  const checked = await checkAccountRules(ctx.db, { merchantId, data, exceptId: ids.accountId });
  const location = checked.location ?? customer.location;
  const payPinHash = await payPinHashOf(data);
  const at = ctx.now();
  await answeringUniqueViolations(() =>
    inTransaction(ctx.db, async (tx) => {
      const row = await updateAccountRow(tx, {
        merchantId,
        id: ids.accountId,
        data: toAccountData(data, location?.id ?? null, payPinHash),
        at,
      });
      if (!row) throw notFound();
      await replaceAccountTags(tx, {
        merchantId,
        accountId: row.id,
        tagIds: checked.tags.map((t) => t.id),
        at,
      });
      const changes = {
        ...changedFields(
          accountSnapshotOf(before),
          accountSnapshot(row, location?.name ?? null, checked.tags),
        ),
        ...replacedPayPin(before.has_pin, payPinHash),
      };
      if (Object.keys(changes).length === 0) return;
      await insertCustomerEvents(tx, [
        {
          merchantId,
          customerId: customer.id,
          accountId: row.id,
          kind: 'account.updated',
          actorUserId: actor.userId,
          details: changes,
          at,
        },
      ]);
    }),
  );
  return getCustomerAccount(ctx, merchantId, ids.customerId, ids.accountId);
}

/** The history snapshot of an account answer (the same keys as accountSnapshot). */
function accountSnapshotOf(account: CustomerAccount) {
  return {
    external_id: account.external_id,
    status: account.status,
    amount_due_cents: account.amount_due_cents,
    due_date: account.due_date,
    cadence: account.cadence,
    vehicle_year: account.vehicle_year,
    vehicle_make: account.vehicle_make,
    vehicle_model: account.vehicle_model,
    location: account.location?.name ?? null,
    tags: account.tags.map((tag) => tag.name).sort(),
    pay_pin: payPinState(account.has_pin),
  };
}
