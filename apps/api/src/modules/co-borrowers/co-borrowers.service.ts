import type { AccountCoBorrowers } from '@paylane/shared/contracts/co-borrowers';
import type { CustomerRef } from '@paylane/shared/contracts/customers';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invalid, fieldError, notFound } from '../../kit/errors';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import {
  deleteCoBorrowerLink,
  findCustomerAccount,
  findLinkCustomer,
  insertCoBorrowerLink,
  listCoBorrowers,
  type CoBorrowerCustomerRow,
  type LinkAccountRow,
} from './co-borrowers.repository';
import { isUuid } from '@paylane/shared/validation';
import { inTransaction } from '../../kit/transaction';
import type { Actor } from '../../kit/actor';

/** The path: a customer and one of their accounts. */
export type AccountPath = { customerId: string; accountId: string };

const alreadyLinked = () => fieldError('customer', messages.coBorrowerLinked);

/** Two requests racing past each other still meet the primary key; they get the same answer. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

export const toCustomerRef = (row: CoBorrowerCustomerRow): CustomerRef => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  external_id: row.externalId,
  sms_phone_number: row.smsPhoneNumber,
});

const personOf = (row: CoBorrowerCustomerRow) => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
});

async function getCustomer(db: Db, merchantId: string, id: string, lock = false) {
  const customer = isUuid(id) ? await findLinkCustomer(db, { merchantId, id, lock }) : null;
  if (!customer) throw notFound();
  return customer;
}

/** The path's account: one the customer holds (writes) or also co-borrows (reads); otherwise 404. */
async function getAccount(db: Db, merchantId: string, path: AccountPath, orCoBorrowed: boolean) {
  const account = isUuid(path.accountId)
    ? await findCustomerAccount(db, { merchantId, ...path, orCoBorrowed })
    : null;
  if (!account) throw notFound();
  return account;
}

async function answerOf(db: Db, merchantId: string, accountId: string): Promise<AccountCoBorrowers> {
  const rows = await listCoBorrowers(db, { merchantId, accountId });
  return { account_id: accountId, co_borrowers: rows.map(toCustomerRef) };
}

/**
 * Refuses a path naming another merchant's customer, or an account the customer does not hold, with 404.
 * Routes call it before the body is validated, so another tenant's ids never get a validation answer.
 */
export async function checkAccountPath(ctx: AppContext, merchantId: string, path: AccountPath) {
  await getCustomer(ctx.db, merchantId, path.customerId);
  await getAccount(ctx.db, merchantId, path, false);
}

/** The co-borrowers of an account the customer holds or co-borrows (both show it on their page). */
export async function listAccountCoBorrowers(
  ctx: AppContext,
  merchantId: string,
  path: AccountPath,
): Promise<AccountCoBorrowers> {
  await getCustomer(ctx.db, merchantId, path.customerId);
  const account = await getAccount(ctx.db, merchantId, path, true);
  return answerOf(ctx.db, merchantId, account.id);
}

/** The customer to link: a live customer of the merchant who is not the account's primary borrower. */
async function getLinkCandidate(db: Db, merchantId: string, account: LinkAccountRow, candidateId: string) {
  if (!isUuid(candidateId)) throw fieldError('customer', messages.coBorrowerUnknown);
  if (candidateId === account.customerId) throw fieldError('customer', messages.coBorrowerIsPrimary);
  const candidate = await findLinkCustomer(db, { merchantId, id: candidateId, lock: true });
  if (!candidate) throw fieldError('customer', messages.coBorrowerUnknown);
  if (candidate.voidedAt) throw fieldError('customer', messages.customerVoided);
  return candidate;
}

/** Links another customer of the merchant to an account the path's customer holds. */
export async function linkCoBorrower(
  ctx: AppContext,
  actor: Actor,
  path: AccountPath,
  input: { customer: string },
): Promise<AccountCoBorrowers> {
  const { merchantId } = actor;
  const at = ctx.now();
  return inTransaction(ctx.db, async (db) => {
    const primary = await getCustomer(db, merchantId, path.customerId, true);
    const account = await getAccount(db, merchantId, path, false);
    if (primary.voidedAt) throw invalid({ non_field_errors: [messages.customerVoided] });
    const coBorrower = await getLinkCandidate(db, merchantId, account, input.customer);
    await insertCoBorrowerLink(db, { merchantId, accountId: account.id, customerId: coBorrower.id, at });
    await writeLinkEvents(db, { kind: 'co_borrower.linked', actor, account, primary, coBorrower, at });
    return answerOf(db, merchantId, account.id);
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? alreadyLinked() : error;
  });
}

/** Unlinks a co-borrower (by their customer id); 404 when they are not linked to the account. */
export async function unlinkCoBorrower(
  ctx: AppContext,
  actor: Actor,
  path: AccountPath & { coBorrowerId: string },
): Promise<AccountCoBorrowers> {
  const { merchantId } = actor;
  const at = ctx.now();
  return inTransaction(ctx.db, async (db) => {
    const primary = await getCustomer(db, merchantId, path.customerId);
    const account = await getAccount(db, merchantId, path, false);
    if (!isUuid(path.coBorrowerId)) throw notFound();
    const link = { merchantId, accountId: account.id, customerId: path.coBorrowerId };
    if (!(await deleteCoBorrowerLink(db, link))) throw notFound();
    const coBorrower = await getCustomer(db, merchantId, path.coBorrowerId);
    await writeLinkEvents(db, { kind: 'co_borrower.unlinked', actor, account, primary, coBorrower, at });
    return answerOf(db, merchantId, account.id);
  });
}

/** One event on each timeline: the primary's names the co-borrower, the co-borrower's names the primary. */
function writeLinkEvents(
  db: Db,
  event: {
    kind: 'co_borrower.linked' | 'co_borrower.unlinked';
    actor: Actor;
    account: LinkAccountRow;
    primary: CoBorrowerCustomerRow;
    coBorrower: CoBorrowerCustomerRow;
    at: Date;
  },
) {
  const { kind, actor, account, primary, coBorrower, at } = event;
  const common = {
    merchantId: actor.merchantId,
    accountId: account.id,
    kind,
    actorUserId: actor.userId,
    at,
  };
  const accountFacts = { account_id: account.id, account_external_id: account.externalId };
  return insertCustomerEvents(db, [
    { ...common, customerId: primary.id, details: { ...accountFacts, co_borrower: personOf(coBorrower) } },
    {
      ...common,
      customerId: coBorrower.id,
      details: { ...accountFacts, primary_customer: personOf(primary) },
    },
  ]);
}
