import type { PaymentLink } from '@paylane/shared/contracts/pay-links';
import { messages } from '@paylane/shared/messages';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { Actor } from '../../kit/actor';
import { fieldError, notFound } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { renderSystemText } from '../message-templates/template-render.service';
import { requestDispatch } from '../messaging/dispatch-request.service';
import { findOutgoingMessageByKey, insertPendingMessages } from '../messaging/outgoing-messages.service';
import { createPayLink, type CreatedPayLink } from './pay-link-tokens.service';
import { findLinkableAccount, findTextRecipient, findPayLinkByTokenHash } from './pay-links.repository';
import { hashSecret } from '../../lib/secrets';

// Staff's side of pay links: create_payment_link (the chat's Payment Link button) and requested_payment (a link
// texted with the PAYMENTREQUEST template). docs/product.md §7, issue 16 items 4 and 6.

type AccountRef = { customerId: string; accountId: string };

const answerOf = (link: { url: string; expiresAt: Date }): PaymentLink => ({
  payment_link: link.url,
  expires_at: link.expiresAt.toISOString(),
});

/** The account a link may be made for: the merchant's, held by this customer, open and with money due. */
async function checkLinkable(ctx: AppContext, merchantId: string, ref: AccountRef) {
  if (!isUuid(ref.customerId) || !isUuid(ref.accountId)) throw notFound();
  const account = await findLinkableAccount(ctx.db, { merchantId, ...ref });
  if (!account || account.mergedIntoId || account.voidedAt) throw notFound();
  if (account.status === 'inactive' || account.status === 'closed')
    throw fieldError('non_field_errors', messages.accountInactive);
  if (account.amountDueCents <= 0) throw fieldError('non_field_errors', messages.accountPaid);
}

/** POST .../accounts/{a}/create_payment_link/: a new link for staff to send (docs/product.md §7). */
export async function createPaymentLink(
  ctx: AppContext,
  actor: Actor,
  ref: AccountRef,
): Promise<PaymentLink> {
  await checkLinkable(ctx, actor.merchantId, ref);
  const link = await createPayLink(ctx, ctx.db, {
    merchantId: actor.merchantId,
    ...ref,
    createdByUserId: actor.userId,
  });
  return answerOf(link);
}

/**
 * POST .../accounts/{a}/requested_payment/: a new link texted to the customer with the merchant's PAYMENTREQUEST
 * template, the link and the text written together. With an Idempotency-Key a retry answers the link of the
 * first request and texts nothing more.
 */
export async function requestPayment(
  ctx: AppContext,
  actor: Actor,
  input: AccountRef & { idempotencyKey: string | null },
): Promise<PaymentLink> {
  const { merchantId } = actor;
  const messageKey = input.idempotencyKey ? `requested_payment:${input.idempotencyKey}` : null;
  const replay = messageKey ? await replayOf(ctx, merchantId, messageKey) : null;
  if (replay) return replay;
  await checkLinkable(ctx, merchantId, input);
  const recipient = await findTextRecipient(ctx.db, { merchantId, customerId: input.customerId });
  if (recipient?.smsOptedOutAt) throw fieldError('non_field_errors', messages.optedOut);
  if (!recipient?.smsPhoneNumber) throw fieldError('non_field_errors', messages.noSmsPhone);
  const toAddress = recipient.smsPhoneNumber;
  const link = await inTransaction(ctx.db, async (tx) => {
    let made: CreatedPayLink | null = null;
    const paymentLink = async () => {
      made = await createPayLink(ctx, tx, { merchantId, ...input, createdByUserId: actor.userId });
      return made.url;
    };
    const text = await renderSystemText(
      { ...ctx, db: tx },
      { merchantId, type: 'PAYMENTREQUEST', ...input, paymentLink },
    );
    if (!text) throw fieldError('non_field_errors', 'The Payment Request template is turned off.');
    made ??= await createPayLink(ctx, tx, { merchantId, ...input, createdByUserId: actor.userId });
    const inserted = await insertPendingMessages(tx, [
      {
        merchantId,
        customerId: input.customerId,
        accountId: input.accountId,
        templateId: text.templateId,
        kind: 'system',
        body: text.body,
        language: recipient.language,
        toAddress,
        senderUserId: actor.userId,
        idempotencyKey: messageKey,
      },
    ]);
    // A racing request with the same key texted first: undo this link and answer that one.
    if (inserted.length === 0) throw new RepeatedRequest();
    return made;
  }).catch(async (error: unknown) => {
    const first =
      error instanceof RepeatedRequest && messageKey ? await replayOf(ctx, merchantId, messageKey) : null;
    if (!first) throw error;
    return first;
  });
  await requestDispatch(ctx);
  return 'payment_link' in link ? link : answerOf(link);
}

class RepeatedRequest extends Error {}

/** The first answer of a repeated request: the link its text carries. */
async function replayOf(ctx: AppContext, merchantId: string, key: string): Promise<PaymentLink | null> {
  const message = await findOutgoingMessageByKey(ctx.db, { merchantId, idempotencyKey: key });
  if (!message) return null;
  const token = /\/pay\/([A-Za-z0-9_-]{43})/.exec(message.body)?.[1];
  const found = token ? await findPayLinkByTokenHash(ctx.db, hashSecret(token)) : null;
  if (!token || !found) throw fieldError('non_field_errors', 'This Idempotency-Key was already used.');
  return answerOf({ url: `${ctx.config.publicUrl}/pay/${token}`, expiresAt: found.link.expiresAt });
}
