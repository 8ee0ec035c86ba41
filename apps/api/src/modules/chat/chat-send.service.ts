import type { ChatMessage } from '@paylane/shared/contracts/messages';
import type { sendChatMessageSchema } from '@paylane/shared/contracts/chat';
import { messages as catalogue } from '@paylane/shared/messages';
import { isUuid, validationMessages } from '@paylane/shared/validation';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { invalid, fieldError, forbidden, notFound } from '../../kit/errors';
import { TranslationUnavailable } from '../../providers/translate/translate-provider';
import type { TemplateRow } from '../message-templates/message-templates.service';
import { getSendableTemplate } from '../message-templates/message-templates.service';
import { renderForCustomer } from '../message-templates/template-render.service';
import { requestDispatch } from '../messaging/dispatch-request.service';
import { assertMerchantCanText, type MerchantSenderFields } from '../messaging/merchant-sender.service';
import { insertPendingMessages } from '../messaging/outgoing-messages.service';
import { createPayLink } from '../pay-links/pay-link-tokens.service';
import { attachmentOfMediaPath } from './chat-media.service';
import { findChatMessages } from './chat.service';
import { findChatRecipient, findMessageByIdempotencyKey, isMerchantAccount } from './chat-send.repository';

/** Routes call it before validation, so another merchant's account is refused whatever the body says. */
export async function checkAccountPath(
  ctx: AppContext,
  merchantId: string,
  accountId: string,
): Promise<void> {
  const isKnown = isUuid(accountId) && (await isMerchantAccount(ctx.db, merchantId, accountId));
  if (!isKnown) throw notFound();
}

export type ChatSender = {
  merchantId: string;
  /** Null for an integration's API key: the message then has no staff sender, like an automation's. */
  userId: string | null;
  /** The sender's full name: {{collector_name}} in a template (empty for an API key). */
  collectorName: string;
  /** Capability freeText (docs/product.md §6): without it only a template rendered by the server is sent. */
  mayWriteFreeText: boolean;
  /** The merchant's sender columns: without a sender of its own it cannot text. */
  senderFields: MerchantSenderFields;
};

type SendInput = z.output<typeof sendChatMessageSchema>;

/**
 * docs/product.md §7 send_message: one text from staff to a customer about an account, stored pending and handed to the
 * dispatcher. With an Idempotency-Key a retry answers the first message and sends nothing.
 */
export async function sendChatMessage(
  ctx: AppContext,
  sender: ChatSender,
  input: { accountId: string; body: SendInput; idempotencyKey: string | null },
): Promise<Record<string, ChatMessage>> {
  const { merchantId } = sender;
  if (input.idempotencyKey) {
    const first = await findMessageByIdempotencyKey(ctx.db, merchantId, input.idempotencyKey);
    if (first) return answerOf(ctx, merchantId, first.id);
  }
  assertMerchantCanText(ctx.config.sms, sender.senderFields);
  const recipient =
    isUuid(input.accountId) && isUuid(input.body.customer)
      ? await findChatRecipient(ctx.db, {
          merchantId,
          accountId: input.accountId,
          customerId: input.body.customer,
        })
      : null;
  if (!recipient) throw notFound();
  if (recipient.smsOptedOutAt) throw invalid({ non_field_errors: [catalogue.optedOut] });
  if (!recipient.smsPhoneNumber) throw invalid({ non_field_errors: [catalogue.noSmsPhone] });
  const attachments = input.body.file_url ? [attachmentOfMediaPath(input.body.file_url)] : [];
  // Checked whoever writes the text: the id is stored with the message, so it must be this merchant's.
  const template = input.body.message_template_id
    ? await getSendableTemplate(ctx.db, merchantId, input.body.message_template_id)
    : null;
  const written = await bodyToSend(ctx, sender, { accountId: input.accountId, body: input.body, template });
  const language = input.body.language || recipient.language;
  const text = await inCustomerLanguage(ctx, { text: written, from: language, to: recipient.language });
  const [inserted] = await insertPendingMessages(ctx.db, [
    {
      merchantId,
      customerId: recipient.id,
      accountId: input.accountId,
      templateId: template?.id ?? null,
      kind: 'chat',
      body: text.body,
      language: text.language,
      translations: text.translations,
      secondaryMessage: text.secondaryMessage,
      toAddress: recipient.smsPhoneNumber,
      senderUserId: sender.userId,
      attachments,
      idempotencyKey: input.idempotencyKey,
    },
  ]);
  // Nothing inserted: a concurrent retry with the same key won the race; answer its message.
  const id =
    inserted?.id ??
    (input.idempotencyKey
      ? (await findMessageByIdempotencyKey(ctx.db, merchantId, input.idempotencyKey))?.id
      : undefined);
  if (!id) throw new Error('chat message was not stored');
  await requestDispatch(ctx);
  return answerOf(ctx, merchantId, id);
}

async function answerOf(ctx: AppContext, merchantId: string, id: string) {
  const [message] = await findChatMessages(ctx.db, merchantId, [id]);
  if (!message) throw notFound();
  return { [message.customer_id]: message };
}

/** Free text as written, or (without freeText) the template rendered here for this customer and account. */
async function bodyToSend(
  ctx: AppContext,
  sender: ChatSender,
  input: { accountId: string; body: SendInput; template: TemplateRow | null },
) {
  const { body, template } = input;
  // {{payment_link}} is the one merge field written into the chat box as is: each send gets a fresh link.
  const paymentLink = async () =>
    (
      await createPayLink(ctx, ctx.db, {
        merchantId: sender.merchantId,
        customerId: body.customer,
        accountId: input.accountId,
        createdByUserId: sender.userId,
      })
    ).url;
  if (sender.mayWriteFreeText) return withPaymentLink(body.message, paymentLink);
  if (!template) throw forbidden(catalogue.freeTextNotAllowed);
  const { rendered_body } = await renderForCustomer(ctx, {
    merchantId: sender.merchantId,
    templateId: template.id,
    customerId: body.customer,
    accountId: input.accountId,
    type: 'TEXT',
    language: body.language,
    collectorName: sender.collectorName,
    paymentLink,
  });
  if (rendered_body.trim() === '' && !body.file_url) throw fieldError('message', validationMessages.required);
  return rendered_body;
}

const paymentLinkPlaceholder = /\{\{\s*payment_link\s*\}\}/g;

async function withPaymentLink(text: string, paymentLink: () => Promise<string>): Promise<string> {
  if (text.search(paymentLinkPlaceholder) === -1) return text;
  const url = await paymentLink();
  return text.replace(paymentLinkPlaceholder, url);
}

type Outgoing = {
  body: string;
  language: string;
  translations: Record<string, string>;
  secondaryMessage: string | null;
};

/**
 * The text the customer receives: written in their language it goes as is; otherwise translated (the body is
 * what was sent, the original kept under its language), or, when no translation can be made, the original
 * with 'Translation is unavailable'.
 */
async function inCustomerLanguage(
  ctx: AppContext,
  input: { text: string; from: string; to: string },
): Promise<Outgoing> {
  const original = { body: input.text, language: input.from, translations: {}, secondaryMessage: null };
  if (input.from === input.to || input.text.trim() === '') return original;
  try {
    const translated = await ctx.translate.translate(input);
    return {
      body: translated,
      language: input.to,
      translations: { [input.from]: input.text },
      secondaryMessage: null,
    };
  } catch (error) {
    if (!(error instanceof TranslationUnavailable)) ctx.log.warn({ err: error }, 'translation failed');
    return { ...original, secondaryMessage: catalogue.translationUnavailable };
  }
}
