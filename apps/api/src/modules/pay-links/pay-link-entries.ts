import type { MethodEntry } from '@paylane/shared/contracts/payment-methods';
import type { AppContext } from '../../context';
import { fieldError } from '../../kit/errors';

// The hosted entry a payer types a card or bank account into, bound to the pay link by its reference
// (`pay_link:{id}`). Placeholder until the payment-methods module's hosted entry lands.

export const payLinkEntryReference = (linkId: string) => `pay_link:${linkId}`;

type EntryInput = { merchantId: string; customerId: string; reference: string };

export async function openPayLinkEntry(
  ctx: AppContext,
  input: EntryInput & { kind: 'card' | 'bank'; processorAccountId: string },
): Promise<MethodEntry> {
  const handle = await ctx.payments.startMethodEntry(input);
  return {
    entry_id: handle.entryId,
    provider: ctx.payments.name,
    url: handle.url,
    client_secret: handle.clientSecret,
  };
}

/** The saved method's id of a finished entry opened for this link. */
export async function finishPayLinkEntry(
  _ctx: AppContext,
  _input: EntryInput & { entryId: string },
): Promise<string> {
  throw fieldError('entry_id', 'The card or bank account has not been saved yet.');
}
