import type { CustomerNote } from '@paylane/shared/contracts/customer-notes';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invalid, fieldError, notFound } from '../../kit/errors';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import {
  findNote,
  findNoteCustomer,
  insertNote,
  isAccountOfCustomer,
  listNotes,
  updateNoteBody,
  type NoteRow,
} from './customer-notes.repository';
import { isUuid } from '@paylane/shared/validation';
import { inTransaction } from '../../kit/transaction';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import type { Actor } from '../../kit/actor';

export function toCustomerNote(row: NoteRow): CustomerNote {
  return {
    id: row.id,
    body: row.body,
    account_id: row.accountId,
    author: row.author && {
      id: row.author.id,
      first_name: row.author.firstName,
      last_name: row.author.lastName,
    },
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

/**
 * Refuses a path naming another merchant's customer or note (or a malformed id) with 404. Routes call it
 * before the body is validated, so another tenant's ids get a refusal and never a validation answer.
 */
export async function checkNotePath(
  ctx: AppContext,
  merchantId: string,
  path: { customerId: string; noteId?: string | undefined },
): Promise<void> {
  await getCustomer(ctx.db, merchantId, path.customerId);
  if (path.noteId !== undefined) await getNote(ctx.db, merchantId, path.customerId, path.noteId);
}

async function getCustomer(db: Db, merchantId: string, id: string, lock = false) {
  const customer = isUuid(id) ? await findNoteCustomer(db, { merchantId, id, lock }) : null;
  if (!customer) throw notFound();
  return customer;
}

async function getNote(db: Db, merchantId: string, customerId: string, id: string, lock = false) {
  const note = isUuid(id) ? await findNote(db, { merchantId, customerId, id, lock }) : null;
  if (!note) throw notFound();
  return note;
}

/** Notes are written on a live customer only; a voided one keeps the notes it had (its history). */
async function getLiveCustomer(db: Db, merchantId: string, id: string) {
  const customer = await getCustomer(db, merchantId, id, true);
  if (customer.voidedAt) throw invalid({ non_field_errors: [messages.customerVoided] });
  return customer;
}

export async function listCustomerNotes(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
  query: { page: number; page_size: number },
): Promise<PageSlice<CustomerNote>> {
  await getCustomer(ctx.db, merchantId, customerId);
  const { rows, total } = await listNotes(ctx.db, {
    merchantId,
    customerId,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toCustomerNote),
  };
}

/** Adds a note, optionally about one of the customer's accounts (held or co-borrowed), with its history event. */
export async function createCustomerNote(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  input: { body: string; account?: string | null | undefined },
): Promise<CustomerNote> {
  const { merchantId } = actor;
  const accountId = input.account || null;
  const at = ctx.now();
  const note = await inTransaction(ctx.db, async (db) => {
    await getLiveCustomer(db, merchantId, customerId);
    const isCustomersAccount =
      accountId === null ||
      (isUuid(accountId) && (await isAccountOfCustomer(db, { merchantId, customerId, accountId })));
    if (!isCustomersAccount) throw fieldError('account', messages.noteAccountUnknown);
    const id = await insertNote(db, {
      merchantId,
      customerId,
      accountId,
      body: input.body,
      authorUserId: actor.userId,
      at,
    });
    await insertCustomerEvents(db, [
      {
        merchantId,
        customerId,
        accountId,
        kind: 'note.added',
        actorUserId: actor.userId,
        details: { note_id: id, body: input.body },
        at,
      },
    ]);
    return getNote(db, merchantId, customerId, id);
  });
  return toCustomerNote(note);
}

/**
 * Changes a note's text. Anyone allowed to write notes may edit any note of the customer: the spec ties
 * editing to is_note_update_allowed alone, not to authorship. An edit that changes nothing writes nothing.
 */
export async function updateCustomerNote(
  ctx: AppContext,
  actor: Actor,
  path: { customerId: string; noteId: string },
  input: { body: string },
): Promise<CustomerNote> {
  const { merchantId } = actor;
  const at = ctx.now();
  const note = await inTransaction(ctx.db, async (db) => {
    await getLiveCustomer(db, merchantId, path.customerId);
    const before = await getNote(db, merchantId, path.customerId, path.noteId, true);
    if (before.body === input.body) return before;
    await updateNoteBody(db, { merchantId, id: before.id, body: input.body, at });
    await insertCustomerEvents(db, [
      {
        merchantId,
        customerId: path.customerId,
        accountId: before.accountId,
        kind: 'note.updated',
        actorUserId: actor.userId,
        details: { note_id: before.id, body: [before.body, input.body] },
        at,
      },
    ]);
    return getNote(db, merchantId, path.customerId, before.id);
  });
  return toCustomerNote(note);
}
