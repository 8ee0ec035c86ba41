import type { MethodEntry } from '@paylane/shared/contracts/payment-methods';
import type { AppContext } from '../../context';
import { finishEntry, openMethodEntry } from '../payment-methods/method-entries.service';

// The hosted entry a payer types a card or bank account into (payment-methods' method entries), bound to the
// pay link by its reference: an entry opened on the customer page, or for another link, is refused here.

export const payLinkEntryReference = (linkId: string) => `pay_link:${linkId}`;

type EntryInput = { merchantId: string; customerId: string; reference: string };

export async function openPayLinkEntry(
  ctx: AppContext,
  input: EntryInput & { kind: 'card' | 'bank' },
): Promise<MethodEntry> {
  return openMethodEntry(ctx, input);
}

/** The saved method's id of a finished entry opened for this link (the same entry twice: the same method). */
export async function finishPayLinkEntry(
  ctx: AppContext,
  input: EntryInput & { entryId: string },
): Promise<string> {
  const method = await finishEntry(ctx, { ...input, nickname: '', actorUserId: null });
  return method.id;
}
