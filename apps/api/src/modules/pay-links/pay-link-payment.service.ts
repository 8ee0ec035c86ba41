import type { PayLinkReceipt, payLinkPaySchema } from '@paylane/shared/contracts/pay-links';
import type { MethodEntry } from '@paylane/shared/contracts/payment-methods';
import { messages } from '@paylane/shared/messages';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { fieldError } from '../../kit/errors';
import { findPaymentByIdempotencyKey, type PaymentRow } from '../payments/payment-lookups.service';
import { takeAccountPayment, type PaymentTaker } from '../payments/take-payment.service';
import { getPaymentReceipt } from '../receipts/receipts.service';
import { finishPayLinkEntry, openPayLinkEntry, payLinkEntryReference } from './pay-link-entries';
import { payLinkPaymentKey } from './pay-link-tokens.service';
import { assertPayLinkOpen } from './pay-page.service';
import { claimPayLink, releasePayLink, type PayLinkView } from './pay-links.repository';

// Paying through a verified pay link (issue 16 item 6): the hosted entry, then the charge through the same
// take-payment path staff use, as the payer — no role limits, no fee waiving, the card fee by the card rules.
// The link is spent in the transaction that records a paid or processing outcome (payments' follow-ups); a
// decline lets go of it so the payer can try another card.

type PayBody = z.output<typeof payLinkPaySchema>;

/** A payment claimed this long ago that never got written was abandoned by a crashed request. */
const ABANDONED_CLAIM_MS = 60_000;

/** POST /api/pay/{token}/entry/: the processor's hosted entry for the payer's card or bank account. */
export async function startPayLinkEntry(
  ctx: AppContext,
  view: PayLinkView,
  kind: 'card' | 'bank',
): Promise<MethodEntry> {
  const { merchantId, customerId } = view.link;
  return openPayLinkEntry(ctx, {
    merchantId,
    customerId,
    reference: payLinkEntryReference(view.link.id),
    kind,
  });
}

/**
 * POST /api/pay/{token}/pay/: charges what the payer entered. The same Idempotency-Key again answers the first
 * payment and charges nothing more; one payment at a time holds the link, so two tabs cannot both pay.
 */
export async function payPayLink(
  ctx: AppContext,
  view: PayLinkView,
  input: { body: PayBody; idempotencyKey: string | null; ip: string },
): Promise<PayLinkReceipt> {
  const { link } = view;
  const key = payLinkPaymentKey(link.id, input.idempotencyKey ?? randomUUID());
  const earlier = await findPaymentByIdempotencyKey(ctx, {
    merchantId: link.merchantId,
    idempotencyKey: key,
  });
  if (earlier) return receiptOf(ctx, await charge(ctx, view, input, key, earlier.paymentMethodId ?? ''));
  assertPayLinkOpen(ctx, view);
  if (input.body.amount > view.account.amountDueCents) throw fieldError('amount', messages.paymentAboveMax);
  await claim(ctx, view, key);
  try {
    const methodId = await finishPayLinkEntry(ctx, {
      merchantId: link.merchantId,
      customerId: link.customerId,
      reference: payLinkEntryReference(link.id),
      entryId: input.body.entry_id,
    });
    const payment = await charge(ctx, view, input, key, methodId);
    if (payment.status === 'failed' || payment.status === 'returned')
      await releasePayLink(ctx.db, { id: link.id, key });
    return await receiptOf(ctx, payment);
  } catch (error) {
    // Refused before anything was charged (an unfinished entry, a limit): the payer may try again.
    await releasePayLink(ctx.db, { id: link.id, key });
    throw error;
  }
}

function charge(
  ctx: AppContext,
  view: PayLinkView,
  input: { body: PayBody; ip: string },
  key: string,
  methodId: string,
): Promise<PaymentRow> {
  const taker: PaymentTaker = {
    actor: { merchantId: view.link.merchantId, userId: null, ip: input.ip },
    canWaiveFee: false,
    canExceedRoleLimits: false,
    channel: 'pay_link',
  };
  return takeAccountPayment(ctx, taker, {
    customerId: view.link.customerId,
    accountId: view.link.accountId,
    amount: input.body.amount,
    payment_method: methodId,
    note: '',
    waive_fee: false,
    idempotencyKey: key,
  });
}

/**
 * Takes the link for this payment. Another payment holding it blocks unless it failed, or its claim was
 * abandoned before any payment was written.
 */
async function claim(ctx: AppContext, view: PayLinkView, key: string): Promise<void> {
  const at = ctx.now();
  const { link } = view;
  if (await claimPayLink(ctx.db, { id: link.id, key, holder: null, at })) return;
  const holder = link.payingKey;
  const held = holder
    ? await findPaymentByIdempotencyKey(ctx, { merchantId: link.merchantId, idempotencyKey: holder })
    : null;
  const isAbandoned = held
    ? held.status === 'failed' || held.status === 'returned'
    : (link.payingClaimedAt?.getTime() ?? 0) < at.getTime() - ABANDONED_CLAIM_MS;
  if (holder && isAbandoned && (await claimPayLink(ctx.db, { id: link.id, key, holder, at }))) return;
  throw fieldError('non_field_errors', 'A payment with this link is already under way.');
}

/** The payment's receipt, the same one download_receipt prints and send_receipt sends. */
function receiptOf(ctx: AppContext, payment: PaymentRow): Promise<PayLinkReceipt> {
  return getPaymentReceipt(ctx, { merchantId: payment.merchantId, paymentId: payment.id });
}
