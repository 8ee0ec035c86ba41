import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  accountCoBorrowers,
  accounts,
  customerEvents,
  customerNotes,
  customers,
  merchants,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, MEMBER_PASSWORD } from '../../test/members';

async function insertCustomer(db: Db, merchantId: string, firstName: string, lastName: string) {
  const [row] = await db.insert(customers).values({ merchantId, firstName, lastName }).returning();
  return row!;
}
async function insertAccount(db: Db, merchantId: string, customerId: string, externalId: string) {
  const [row] = await db.insert(accounts).values({ merchantId, customerId, externalId }).returning();
  return row!;
}
describe('customer notes', () => {
  let t: TestApp;
  let db: Db;
  let merchantId: string;
  let nora: { id: string };
  let noraAccount: { id: string };
  let borrowedAccount: { id: string };
  let otherCustomer: { id: string };
  let otherAccount: { id: string };
  let rival: { customerId: string; accountId: string; noteId: string };
  let staff: string;
  let staffUser: { id: string };
  let rivalAdmin: string;

  const notesPath = (customerId: string, merchant = merchantId) =>
    `/api/merchants/${merchant}/customers/${customerId}/notes/`;
  const addNote = (customerId: string, json: unknown, token = staff) =>
    t.request(notesPath(customerId), { method: 'POST', token, json });
  const editNote = (customerId: string, noteId: string, json: unknown, token = staff) =>
    t.request(`${notesPath(customerId)}${noteId}/`, { method: 'PUT', token, json });
  const eventsOf = (customerId: string) =>
    db
      .select({
        kind: customerEvents.kind,
        accountId: customerEvents.accountId,
        actorUserId: customerEvents.actorUserId,
        details: customerEvents.details,
      })
      .from(customerEvents)
      .where(eq(customerEvents.customerId, customerId))
      .orderBy(asc(customerEvents.id));

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const [demo] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    merchantId = demo!.id;
    nora = await insertCustomer(db, merchantId, 'Nora', 'Notes');
    noraAccount = await insertAccount(db, merchantId, nora.id, 'NOTES-1');
    otherCustomer = await insertCustomer(db, merchantId, 'Otto', 'Other');
    otherAccount = await insertAccount(db, merchantId, otherCustomer.id, 'NOTES-2');
    // Nora co-borrows Otto's second account.
    borrowedAccount = await insertAccount(db, merchantId, otherCustomer.id, 'NOTES-3');
    await db
      .insert(accountCoBorrowers)
      .values({ merchantId, accountId: borrowedAccount.id, customerId: nora.id });

    const [rivalMerchant] = await db.insert(merchants).values({ name: 'Rival Notes Autos' }).returning();
    const rivalCustomer = await insertCustomer(db, rivalMerchant!.id, 'Rhea', 'Rival');
    const rivalAccount = await insertAccount(db, rivalMerchant!.id, rivalCustomer.id, 'RIVAL-1');
    const [rivalNote] = await db
      .insert(customerNotes)
      .values({ merchantId: rivalMerchant!.id, customerId: rivalCustomer.id, body: 'Rival secret note' })
      .returning();
    rival = { customerId: rivalCustomer.id, accountId: rivalAccount.id, noteId: rivalNote!.id };
    await addMember(db, { merchantId: rivalMerchant!.id, email: 'admin@rival-notes.test', roles: ['admin'] });

    staff = await t.demoToken('staff');
    const [staffRow] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'staff@demo.paylane.test'));
    staffUser = staffRow!;
    rivalAdmin = (await t.signIn('admin@rival-notes.test', MEMBER_PASSWORD)).access;
  });
  afterAll(() => t.close());

  it('adds a note as staff, with its author, and writes note.added to the history', async () => {
    const at = t.clock.now().toISOString();
    const answer = await addNote(nora.id, { body: '  Called about the late payment  ' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      body: 'Called about the late payment',
      account_id: null,
      author: { id: staffUser.id, first_name: 'Taylor', last_name: 'Staff' },
      created: at,
      updated: at,
    });
    expect(await eventsOf(nora.id)).toEqual([
      {
        kind: 'note.added',
        accountId: null,
        actorUserId: staffUser.id,
        details: { note_id: answer.body.id, body: 'Called about the late payment' },
      },
    ]);
  });

  it('ties a note to an account the customer holds or co-borrows, and to no other', async () => {
    const own = await addNote(nora.id, { body: 'About the Civic', account: noraAccount.id });
    expect(own.status).toBe(201);
    expect(own.body.account_id).toBe(noraAccount.id);
    const borrowed = await addNote(nora.id, { body: 'About the shared truck', account: borrowedAccount.id });
    expect(borrowed.status).toBe(201);
    expect(borrowed.body.account_id).toBe(borrowedAccount.id);
    const [event] = (await eventsOf(nora.id)).filter((e) => e.details.note_id === borrowed.body.id);
    expect(event).toMatchObject({ kind: 'note.added', accountId: borrowedAccount.id });
    const empty = await addNote(nora.id, { body: 'No account', account: '' });
    expect(empty.body.account_id).toBeNull();

    for (const account of [otherAccount.id, rival.accountId, 'not-a-uuid']) {
      const refused = await addNote(nora.id, { body: 'Wrong account', account });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ account: ['Account does not belong to this customer'] });
    }
    const count = await db.select().from(customerNotes).where(eq(customerNotes.body, 'Wrong account'));
    expect(count).toEqual([]);
  });

  it('answers bad input by field', async () => {
    expect(await addNote(nora.id, { body: '   ' })).toMatchObject({
      status: 400,
      body: { body: ['Required'] },
    });
    expect(await addNote(nora.id, {})).toMatchObject({ status: 400, body: { body: ['Required'] } });
    const long = await addNote(nora.id, { body: 'x'.repeat(5001) });
    expect(long).toMatchObject({ status: 400, body: { body: ['please use abreviations'] } });
  });

  it('lists the customer’s notes newest first, a page at a time, to members', async () => {
    const customer = await insertCustomer(db, merchantId, 'Lena', 'List');
    for (const body of ['first', 'second', 'third']) {
      expect((await addNote(customer.id, { body })).status).toBe(201);
      t.clock.advance(60);
    }
    const page = await t.request(`${notesPath(customer.id)}?page=1&page_size=2`, { token: staff });
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(3);
    expect(page.body.results.map((note: { body: string }) => note.body)).toEqual(['third', 'second']);
    expect(page.body.results[0].author).toEqual({
      id: staffUser.id,
      first_name: 'Taylor',
      last_name: 'Staff',
    });
    expect(page.body.next).toBe(`${notesPath(customer.id)}?page=2&page_size=2`);
    expect(page.body.previous).toBeNull();
    const last = await t.request(page.body.next, { token: staff });
    expect(last.body.results.map((note: { body: string }) => note.body)).toEqual(['first']);
    expect(last.body.next).toBeNull();
    const empty = await t.request(notesPath(otherCustomer.id), { token: staff });
    expect(empty.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('edits a note: the text and updated time change, and note.updated keeps before and after', async () => {
    const customer = await insertCustomer(db, merchantId, 'Eddie', 'Edit');
    const note = (await addNote(customer.id, { body: 'Promised Friday', account: null })).body;
    t.clock.advance(300);
    const admin = await t.demoToken('admin');
    // Anyone allowed to write notes edits any note: here the admin edits the staff member's note.
    const edited = await editNote(
      customer.id,
      note.id,
      { body: 'Promised Monday', account: otherAccount.id },
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      ...note,
      body: 'Promised Monday',
      updated: t.clock.now().toISOString(),
    });
    const [, updatedEvent] = await eventsOf(customer.id);
    expect(updatedEvent).toMatchObject({
      kind: 'note.updated',
      accountId: null,
      details: { note_id: note.id, body: ['Promised Friday', 'Promised Monday'] },
    });

    t.clock.advance(60);
    const same = await editNote(customer.id, note.id, { body: 'Promised Monday' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(edited.body);
    expect(await eventsOf(customer.id)).toHaveLength(2);
    expect((await editNote(customer.id, note.id, { body: '' })).body).toEqual({ body: ['Required'] });
    const read = await t.request(notesPath(customer.id), { token: staff });
    expect(read.body.results).toEqual([edited.body]);
  });

  it('refuses to add or edit notes of a voided customer, who keeps the notes they had', async () => {
    const customer = await insertCustomer(db, merchantId, 'Vic', 'Voided');
    const note = (await addNote(customer.id, { body: 'Before voiding' })).body;
    await db.update(customers).set({ voidedAt: t.clock.now() }).where(eq(customers.id, customer.id));
    const voided = { status: 400, body: { non_field_errors: ['This customer has been voided'] } };
    expect(await addNote(customer.id, { body: 'After voiding' })).toMatchObject(voided);
    expect(await editNote(customer.id, note.id, { body: 'After voiding' })).toMatchObject(voided);
    const read = await t.request(notesPath(customer.id), { token: staff });
    expect(read.body.results).toEqual([note]);
  });

  it('needs is_note_update_allowed to write on a custom-role merchant; reading needs membership only', async () => {
    const [custom] = await db
      .insert(merchants)
      .values({ name: 'Custom Role Motors', checkCustomRoles: true })
      .returning();
    const customer = await insertCustomer(db, custom!.id, 'Carla', 'Custom');
    const [existing] = await db
      .insert(customerNotes)
      .values({ merchantId: custom!.id, customerId: customer.id, body: 'Existing note' })
      .returning();
    const base = { merchantId: custom!.id, roles: ['staff'] };
    await addMember(db, {
      ...base,
      email: 'viewer@custom.test',
      flags: { is_customer_update_allowed: true },
    });
    await addMember(db, { ...base, email: 'noter@custom.test', flags: { is_note_update_allowed: true } });
    const viewer = (await t.signIn('viewer@custom.test', MEMBER_PASSWORD)).access;
    const noter = (await t.signIn('noter@custom.test', MEMBER_PASSWORD)).access;
    const path = notesPath(customer.id, custom!.id);
    const denied = { status: 403, body: { detail: 'You do not have permission to perform this action.' } };

    expect(await t.request(path, { method: 'POST', token: viewer, json: { body: 'No' } })).toMatchObject(
      denied,
    );
    const put = await t.request(`${path}${existing!.id}/`, {
      method: 'PUT',
      token: viewer,
      json: { body: 'No' },
    });
    expect(put).toMatchObject(denied);
    const read = await t.request(path, { token: viewer });
    expect(read.status).toBe(200);
    expect(read.body.results.map((note: { body: string }) => note.body)).toEqual(['Existing note']);

    const added = await t.request(path, { method: 'POST', token: noter, json: { body: 'Yes' } });
    expect(added.status).toBe(201);
    const edited = await t.request(`${path}${existing!.id}/`, {
      method: 'PUT',
      token: noter,
      json: { body: 'Edited' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.author).toBeNull();
  });

  it('shows another merchant’s admin nothing', async () => {
    const [note] = await db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.customerId, nora.id))
      .limit(1);
    const notFound = { status: 404, body: { detail: 'Not found.' } };
    expect(await t.request(notesPath(nora.id), { token: rivalAdmin })).toEqual(
      expect.objectContaining(notFound),
    );
    expect(await addNote(nora.id, { body: 'Rival was here' }, rivalAdmin)).toMatchObject(notFound);
    expect(await editNote(nora.id, note!.id, { body: 'Rival was here' }, rivalAdmin)).toMatchObject(notFound);
    const [after] = await db.select().from(customerNotes).where(eq(customerNotes.id, note!.id));
    expect(after).toEqual(note);
  });

  it('refuses another merchant’s customer and note ids under the own merchant path, changing nothing', async () => {
    const notFound = { status: 404, body: { detail: 'Not found.' } };
    const rivalBefore = await db.select().from(customerNotes).where(eq(customerNotes.id, rival.noteId));
    for (const customerId of [rival.customerId, 'not-a-uuid']) {
      expect(await t.request(notesPath(customerId), { token: staff })).toMatchObject(notFound);
      expect(await addNote(customerId, { body: 'Sneaky' })).toMatchObject(notFound);
      // Refused before the body is validated: an empty body gets the same 404.
      expect(await addNote(customerId, {})).toMatchObject(notFound);
      expect(await editNote(customerId, rival.noteId, { body: 'Sneaky' })).toMatchObject(notFound);
    }
    // The rival's note, and another customer's note, under Nora's path.
    const otto = (await addNote(otherCustomer.id, { body: 'Otto’s own note' })).body;
    for (const noteId of [rival.noteId, otto.id, 'not-a-uuid']) {
      expect(await editNote(nora.id, noteId, { body: 'Sneaky' })).toMatchObject(notFound);
      expect(await editNote(nora.id, noteId, { body: '' })).toMatchObject(notFound);
    }
    expect(await db.select().from(customerNotes).where(eq(customerNotes.id, rival.noteId))).toEqual(
      rivalBefore,
    );
    const [ottoNote] = await db.select().from(customerNotes).where(eq(customerNotes.id, otto.id));
    expect(ottoNote!.body).toBe('Otto’s own note');
    const sneaky = await db
      .select()
      .from(customerNotes)
      .where(and(eq(customerNotes.body, 'Sneaky')));
    expect(sneaky).toEqual([]);
    expect(await eventsOf(rival.customerId)).toEqual([]);
  });
});
