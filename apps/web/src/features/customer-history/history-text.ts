import { type HistoryEvent } from '@paylane/shared/contracts/customer-history';
import { cadenceLabels, type Cadence } from '@paylane/shared/contracts/customers';
import { formatCurrency, formatDate, formatPhone } from '@paylane/shared/format';
import { paymentMovedSentence, receiptSentSentence } from './payment-history-text';
import { promiseSentence } from './promise-history-text';
import { refundSentence } from './refund-history-text';

// One readable sentence per history event, and an update's changed fields as 'Field: before → after'.
// Details are facts the server chose per kind, so every reader here checks the shape it gets.

export type Change = { label: string; before: string; after: string };
export type EventText = {
  /** 'Updated the customer', 'Added a note', ... */
  sentence: string;
  /** A note's text, shown as written. */
  body?: string;
  changes: Change[];
};

const fieldLabels: Record<string, string> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  external_id: 'Customer ID',
  email: 'Email',
  sms_phone_number: 'Phone',
  location: 'Location',
  address_line1: 'Address',
  address_line2: 'Address Line 2',
  city: 'City',
  state: 'State',
  postal_code: 'Postal Code',
  date_of_birth: 'Date of Birth',
  language: 'Language',
  sms_opted_out: 'Opted out of texts',
  email_opted_out: 'Opted out of email',
  status: 'Status',
  amount_due_cents: 'Amount Due',
  amount_due: 'Amount Due',
  due_date: 'Due Date',
  cadence: 'Cadence',
  vehicle_year: 'Vehicle Year',
  vehicle_make: 'Vehicle Make',
  vehicle_model: 'Vehicle Model',
  autopay_enabled: 'Autopay',
  // Only whether there is one ('Not set', 'Set', 'Changed'): the PIN itself is never recorded.
  pay_pin: 'Pay PIN',
  tags: 'Tags',
  body: 'Note',
};
/** Keys of an update's details that identify rather than change. */
const idKeys = new Set(['id', 'note_id', 'account_id', 'customer_id']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 'first_name' → 'First name' for a field this list does not know. */
const humanise = (key: string) => {
  const words = key.replace(/_cents$/, '').replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A person or record named in details: a customer ref, a tag, a location; else null. */
function nameOf(value: unknown): string | null {
  if (!isRecord(value)) return null;
  if (typeof value.first_name === 'string' || typeof value.last_name === 'string') {
    return `${String(value.first_name ?? '')} ${String(value.last_name ?? '')}`.trim();
  }
  return typeof value.name === 'string' ? value.name : null;
}

/** One value of a changed field as the pages show it (money, dates, phones of docs/product.md §9). */
export function formatFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) {
    const items = value.map((item) => nameOf(item) ?? String(item));
    return items.length ? items.join(', ') : '(none)';
  }
  const named = nameOf(value);
  if (named !== null) return named;
  if (typeof value === 'boolean') {
    if (field === 'autopay_enabled') return value ? 'On' : 'Off';
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'number' && field.endsWith('_cents')) return formatCurrency(value);
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (field.endsWith('date') || field === 'date_of_birth') return formatDate(text);
  if (field.endsWith('phone_number')) return formatPhone(text);
  if (field === 'cadence' && text in cadenceLabels) return cadenceLabels[text as Cadence];
  if (field === 'status') return text.charAt(0).toUpperCase() + text.slice(1);
  return text;
}

/** An update's details { field: [before, after] } as changes; other facts are left out. */
export function changesOf(details: Record<string, unknown>, labels: Record<string, string> = {}): Change[] {
  return Object.entries(details)
    .filter(([key, value]) => !idKeys.has(key) && Array.isArray(value) && value.length === 2)
    .map(([key, value]) => {
      const [before, after] = value as [unknown, unknown];
      return {
        label: labels[key] ?? fieldLabels[key] ?? humanise(key),
        before: formatFieldValue(key, before),
        after: formatFieldValue(key, after),
      };
    });
}

/** The first customer named in details under one of these keys. */
function personIn(details: Record<string, unknown>, keys: string[]): string | null {
  for (const key of keys) {
    const name = nameOf(details[key]);
    if (name) return name;
  }
  return null;
}

const noteBody = (details: Record<string, unknown>): string | undefined => {
  const body = details.body;
  if (typeof body === 'string') return body;
  if (Array.isArray(body) && typeof body[1] === 'string') return body[1];
  return undefined;
};

/**
 * The sentence of one event. `accountLabel` names the account an event is about ('Account 1001'), or null
 * when the event names none or the account is unknown to the page.
 */
export function describeEvent(event: HistoryEvent, accountLabel: string | null): EventText {
  const { details } = event;
  const label = accountLabel ?? accountNamedIn(details, event.kind);
  const onAccount = label ? ` ${label}` : ' an account';
  const accountLabels = { external_id: 'Account Number' };
  switch (event.kind) {
    case 'customer.created':
      return { sentence: 'Created the customer', changes: [] };
    case 'customer.updated':
      return { sentence: 'Updated the customer', changes: changesOf(details) };
    case 'customer.voided':
      return { sentence: 'Voided the customer', changes: [] };
    case 'customer.imported':
      return { sentence: 'Imported the customer from a CSV file', changes: changesOf(details) };
    case 'customer.merged':
      return { sentence: mergeSentence(details), changes: [] };
    case 'account.created':
      return { sentence: `Created${onAccount}`, changes: [] };
    case 'account.updated':
      return { sentence: `Updated${onAccount}`, changes: changesOf(details, accountLabels) };
    case 'account.merged':
      return { sentence: accountMergeSentence(details), changes: [] };
    case 'note.added':
      return { sentence: 'Added a note', body: noteBody(details), changes: [] };
    case 'note.updated':
      return { sentence: 'Edited a note', body: noteBody(details), changes: [] };
    case 'co_borrower.linked':
    case 'co_borrower.unlinked':
      return { sentence: coBorrowerSentence(event.kind, details, onAccount), changes: [] };
    case 'payment.refunded':
      return { sentence: refundSentence(details), changes: [] };
    case 'receipt.sent':
      return { sentence: receiptSentSentence(details), changes: [] };
    case 'payment.moved':
      return { sentence: paymentMovedSentence(details), changes: [] };
    default: {
      // Promises to pay and scheduled payments (issue 17): 'promise.created', 'promise.kept', …
      const promise = promiseSentence(event.kind, details);
      if (promise) return { sentence: promise, changes: [] };
      return { sentence: humanise(event.kind), changes: changesOf(details) };
    }
  }
}

function mergeSentence(details: Record<string, unknown>): string {
  const survivor = nameOf(details.survivor);
  const merged = nameOf(details.merged);
  if (details.role === 'merged' && survivor) return `Merged this customer into ${survivor}`;
  if (merged) return `Merged ${merged} into this customer`;
  return 'Merged customers';
}

/** The account an event names itself: link events carry its number, a new account's snapshot too. */
function accountNamedIn(details: Record<string, unknown>, kind: string): string | null {
  const number = details.account_external_id ?? (kind === 'account.created' ? details.external_id : null);
  return typeof number === 'string' && number ? `Account ${number}` : null;
}

function accountMergeSentence(details: Record<string, unknown>): string {
  const numberOf = (ref: unknown) =>
    isRecord(ref) && typeof ref.external_id === 'string' ? `Account ${ref.external_id}` : 'an account';
  return `Merged ${numberOf(details.merged)} into ${numberOf(details.survivor)}`;
}

function coBorrowerSentence(kind: string, details: Record<string, unknown>, onAccount: string): string {
  // On the co-borrower's own timeline the event names the primary borrower instead.
  const primary = nameOf(details.primary_customer);
  if (primary) {
    return kind === 'co_borrower.linked'
      ? `Added as a co-borrower on${onAccount}, primary borrower ${primary}`
      : `Removed as a co-borrower from${onAccount}, primary borrower ${primary}`;
  }
  const who = personIn(details, ['co_borrower', 'customer', 'co_borrower_customer']) ?? 'a co-borrower';
  return kind === 'co_borrower.linked'
    ? `Linked ${who} as a co-borrower on${onAccount}`
    : `Removed ${who} as a co-borrower from${onAccount}`;
}
