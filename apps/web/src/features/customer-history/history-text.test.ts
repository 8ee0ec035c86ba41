import type { HistoryEvent } from '@paylane/shared/contracts/customer-history';
import { describe, expect, it } from 'vitest';
import { describeEvent, formatFieldValue } from './history-text';

const event = (kind: string, details: Record<string, unknown>): HistoryEvent => ({
  id: 'e1',
  kind,
  account_id: null,
  actor: null,
  details,
  created: '2026-07-04T20:05:00.000Z',
});
const ref = (first_name: string, last_name: string) => ({ id: 'x', first_name, last_name });

describe('history sentences', () => {
  it('tells a merge from either side', () => {
    const facts = { survivor: ref('Ada', 'Lovelace'), merged: ref('Adah', 'Lovelace') };
    expect(describeEvent(event('customer.merged', { role: 'survivor', ...facts }), null).sentence).toBe(
      'Merged Adah Lovelace into this customer',
    );
    expect(describeEvent(event('customer.merged', { role: 'merged', ...facts }), null).sentence).toBe(
      'Merged this customer into Ada Lovelace',
    );
  });

  it('shows an edited note’s new text and an unlink without a known account', () => {
    const edited = describeEvent(event('note.updated', { note_id: 'n1', body: ['Old', 'New'] }), null);
    expect(edited).toEqual({ sentence: 'Edited a note', body: 'New', changes: [] });
    expect(
      describeEvent(event('co_borrower.unlinked', { customer: ref('Grace', 'Hopper') }), null).sentence,
    ).toBe('Removed Grace Hopper as a co-borrower from an account');
  });

  it('names the account of a link from the event when the page no longer shows it', () => {
    const facts = { account_id: 'a9', account_external_id: 'A-9', primary_customer: ref('Alan', 'Turing') };
    expect(describeEvent(event('co_borrower.unlinked', facts), null).sentence).toBe(
      'Removed as a co-borrower from Account A-9, primary borrower Alan Turing',
    );
    expect(describeEvent(event('co_borrower.linked', facts), 'Account A-9').sentence).toBe(
      'Added as a co-borrower on Account A-9, primary borrower Alan Turing',
    );
    expect(describeEvent(event('account.created', { external_id: 'A-3', tags: ['A', 'B'] }), null)).toEqual({
      sentence: 'Created Account A-3',
      changes: [],
    });
    const merged = { survivor: { id: 's', external_id: 'A-1' }, merged: { id: 'm', external_id: 'A-2' } };
    expect(describeEvent(event('account.merged', merged), null).sentence).toBe(
      'Merged Account A-2 into Account A-1',
    );
  });

  it('names account fields as the account form does and leaves ids out of the changes', () => {
    const text = describeEvent(
      event('account.updated', {
        account_id: ['a', 'b'],
        external_id: ['A-1', 'A-2'],
        tags: [[{ id: 't1', name: 'VIP' }], []],
        autopay_enabled: [false, true],
        cadence: [null, 'semimonthly'],
        status: ['active', 'closed'],
        pay_pin: ['Set', 'Changed'],
      }),
      'Account A-1',
    );
    expect(text.sentence).toBe('Updated Account A-1');
    expect(text.changes.map((change) => `${change.label}: ${change.before} → ${change.after}`)).toEqual([
      'Account Number: A-1 → A-2',
      'Tags: VIP → (none)',
      'Autopay: Off → On',
      'Cadence: (empty) → Semi-monthly',
      'Status: Active → Closed',
      'Pay PIN: Set → Changed',
    ]);
  });

  it('reads an event kind it does not know yet instead of hiding it', () => {
    const text = describeEvent(event('account.autopay_enabled', { vehicle_color: ['red', 'blue'] }), null);
    expect(text.sentence).toBe('Account autopay enabled');
    expect(text.changes).toEqual([{ label: 'Vehicle color', before: 'red', after: 'blue' }]);
  });

  it('formats values in the formats of docs/product.md §9', () => {
    expect(formatFieldValue('amount_due_cents', -500)).toBe('($5.00)');
    expect(formatFieldValue('date_of_birth', '1980-07-04')).toBe('07/04/1980');
    expect(formatFieldValue('sms_opted_out', true)).toBe('Yes');
    expect(formatFieldValue('location', { id: 'l1', name: 'North Lot' })).toBe('North Lot');
    expect(formatFieldValue('email', '')).toBe('(empty)');
  });

  it('tells every promise event: made, confirmed, cancelled, the scheduled run, kept, partly kept, broken', () => {
    const plain = {
      date: '2026-11-28',
      time: '14:30',
      status: 'PROMISED',
      amount_cents: 10_000,
      paid_cents: 0,
    };
    const scheduled = { ...plain, status: 'SCHEDULED', amount_cents: 7_500 };
    const say = (kind: string, details: Record<string, unknown>) => describeEvent(event(kind, details), null);
    expect(say('promise.created', plain)).toEqual({
      sentence: 'Promised to pay $100.00 by 11/28/2026 at 2:30 PM',
      changes: [],
    });
    expect(say('promise.created', { ...plain, amount_cents: null, time: '09:05' }).sentence).toBe(
      'Promised to pay by 11/28/2026 at 9:05 AM',
    );
    expect(say('promise.created', scheduled).sentence).toBe(
      'Scheduled a payment of $75.00 for 11/28/2026 at 2:30 PM',
    );
    expect(say('promise.confirmed', plain).sentence).toBe(
      'Confirmed the promise to pay $100.00 by 11/28/2026 at 2:30 PM',
    );
    expect(say('promise.cancelled', scheduled).sentence).toBe(
      'Cancelled the scheduled payment of $75.00 for 11/28/2026 at 2:30 PM',
    );
    expect(say('promise.scheduled_payment_made', scheduled).sentence).toBe(
      'Made the scheduled payment of $75.00 for 11/28/2026 at 2:30 PM',
    );
    expect(
      say('promise.scheduled_payment_failed', { ...scheduled, failure_message: 'Card declined' }).sentence,
    ).toBe('The scheduled payment of $75.00 for 11/28/2026 at 2:30 PM did not go through: Card declined');
    expect(say('promise.kept', { ...plain, paid_cents: 10_000 }).sentence).toBe(
      'Kept the promise to pay $100.00 by 11/28/2026 at 2:30 PM, $100.00 paid',
    );
    expect(say('promise.partially_kept', { ...plain, paid_cents: 4_000 }).sentence).toBe(
      'Partly kept the promise to pay $100.00 by 11/28/2026 at 2:30 PM, $40.00 paid',
    );
    expect(say('promise.broken', plain).sentence).toBe(
      'Broke the promise to pay $100.00 by 11/28/2026 at 2:30 PM',
    );
  });
});
