// Past due as the Home summary counts it (home-summary.repository.ts): an active account with an amount due whose
// due date is before today. Days are the merchant's calendar days (YYYY-MM-DD), so the count is the same on every
// screen and every staff member's clock.

type DueAccount = { status: string; amount_due_cents: number; due_date: string | null };

const DAY_MS = 86_400_000;

/** How many days the account is past due on `today` (YYYY-MM-DD); 0 when it is not past due. */
export function daysPastDue(account: DueAccount, today: string): number {
  if (account.status !== 'active' || account.amount_due_cents <= 0 || !account.due_date) return 0;
  const days = Math.round((Date.parse(today) - Date.parse(account.due_date)) / DAY_MS);
  return Number.isFinite(days) && days > 0 ? days : 0;
}
