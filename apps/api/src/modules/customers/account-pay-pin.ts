import type { AccountWrite } from '@paylane/shared/contracts/customers';
import { hashPassword } from '../../lib/passwords';

// The account's pay PIN (issue 16 item 6): the pay page accepts it instead of last name and birth date. A
// 4–6 digit PIN has at most a million values, so it is kept only as a slow, salted argon2id hash (the
// passwords' own, lib/passwords.ts): a leaked table gives nobody a PIN cheaply. The per-link lock of 5
// wrong answers (pay-links/pay-page.service.ts) is what stops guessing online.

/** What a write asks for: undefined keeps the PIN, null removes it, else the new PIN's hash. */
export async function payPinHashOf(data: Pick<AccountWrite, 'pin'>): Promise<string | null | undefined> {
  if (data.pin === null) return null;
  if (data.pin === undefined || data.pin === '') return undefined;
  return hashPassword(data.pin);
}

/** How the history names the PIN: never the PIN itself, only whether there is one. */
export const payPinState = (hasPin: boolean) => (hasPin ? 'Set' : 'Not set');

/**
 * The history's entry for a PIN change. A snapshot diff sees set and removed; a new PIN replacing an old one
 * looks the same before and after, so it is named here.
 */
export function replacedPayPin(hadPin: boolean, newHash: string | null | undefined) {
  return hadPin && typeof newHash === 'string' ? { pay_pin: ['Set', 'Changed'] as const } : {};
}
