import { daysPastDue } from './past-due';

// One row of the customer list stands for all of a customer's own accounts. Its Amount Due and Due Date are the
// customer's open accounts (active, pending) together: the amounts added up and the earliest due date. A customer
// with no open account has neither (blank, and last in either sort order). The API sorts by the same rule
// (customers-list.repository.ts), so the order on screen matches the figures in the rows.

type DueAccount = { status: string; amount_due_cents: number; due_date: string | null };

/** The account statuses whose amounts and due dates count for the customer. */
export const openAccountStatuses = ['active', 'pending'] as const;

const isOpen = (account: DueAccount) => (openAccountStatuses as readonly string[]).includes(account.status);

/** The open accounts' amounts due added up (cents); null when the customer has no open account. */
export function customerAmountDue(accounts: readonly DueAccount[]): number | null {
  const open = accounts.filter(isOpen);
  return open.length === 0 ? null : open.reduce((sum, account) => sum + account.amount_due_cents, 0);
}

/** The earliest due date (YYYY-MM-DD) of the open accounts; null when none has one. */
export function customerDueDate(accounts: readonly DueAccount[]): string | null {
  const dates = accounts.filter(isOpen).flatMap((account) => (account.due_date ? [account.due_date] : []));
  return dates.length === 0 ? null : dates.reduce((earliest, date) => (date < earliest ? date : earliest));
}

/** The most days any of the accounts is past due on `today` (daysPastDue, the Home summary's rule); 0 when none. */
export function customerDaysPastDue(accounts: readonly DueAccount[], today: string): number {
  return accounts.reduce((most, account) => Math.max(most, daysPastDue(account, today)), 0);
}
