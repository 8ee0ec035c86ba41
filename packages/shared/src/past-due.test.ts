import { describe, expect, it } from 'vitest';
import { daysPastDue } from './past-due';

const account = { status: 'active', amount_due_cents: 25_000, due_date: '2026-11-20' };

describe('daysPastDue', () => {
  it('counts the calendar days since the due date', () => {
    expect(daysPastDue(account, '2026-11-28')).toBe(8);
    // Across the end of daylight saving time (November 1st in the US) a day is still a day.
    expect(daysPastDue({ ...account, due_date: '2026-10-31' }, '2026-11-02')).toBe(2);
  });

  it('is 0 on the due date and before it', () => {
    expect(daysPastDue(account, '2026-11-20')).toBe(0);
    expect(daysPastDue(account, '2026-11-01')).toBe(0);
  });

  it('is 0 for an account that owes nothing, is not active, or has no due date', () => {
    expect(daysPastDue({ ...account, amount_due_cents: 0 }, '2026-11-28')).toBe(0);
    expect(daysPastDue({ ...account, status: 'closed' }, '2026-11-28')).toBe(0);
    expect(daysPastDue({ ...account, due_date: null }, '2026-11-28')).toBe(0);
  });
});
