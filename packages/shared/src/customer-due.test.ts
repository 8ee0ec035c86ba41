import { describe, expect, it } from 'vitest';
import { customerAmountDue, customerDaysPastDue, customerDueDate } from './customer-due';

const account = (status: string, amount_due_cents: number, due_date: string | null) => ({
  status,
  amount_due_cents,
  due_date,
});

describe("a customer's amount due, due date and days late over their accounts", () => {
  const accounts = [
    account('active', 10_000, '2026-11-20'),
    account('pending', 2_500, '2026-11-10'),
    account('closed', 99_900, '2026-01-01'),
    account('active', 500, null),
  ];

  it('adds up the open accounts and takes their earliest due date', () => {
    expect(customerAmountDue(accounts)).toBe(13_000);
    expect(customerDueDate(accounts)).toBe('2026-11-10');
  });

  it('has neither without an open account', () => {
    expect(customerAmountDue([])).toBeNull();
    expect(customerAmountDue([account('closed', 100, '2026-01-01')])).toBeNull();
    expect(customerDueDate([account('inactive', 100, '2026-01-01')])).toBeNull();
    expect(customerDueDate([account('active', 100, null)])).toBeNull();
  });

  it('is late by the most days of any active account with money due', () => {
    // The pending account is not past due by the Home rule; the active one is 8 days late.
    expect(customerDaysPastDue(accounts, '2026-11-28')).toBe(8);
    expect(customerDaysPastDue(accounts, '2026-11-20')).toBe(0);
    expect(customerDaysPastDue([], '2026-11-28')).toBe(0);
  });
});
