import { classifyInboundKeyword, type InboundKeyword } from '@paylane/shared/messaging';
import { toE164Phone } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { DbTransaction } from '../../db/client';
import type { MessageAttachment } from '../../db/schema';
import { recordOptIn, recordOptOut, type ConsentChange } from '../consent/consent.repository';
import { requestDispatch } from '../messaging/dispatch-request';
import { insertPendingMessages } from '../messaging/pending-messages.repository';
import { keywordReplyText } from './keyword-replies';
import {
  findInboundSender,
  inTransaction,
  insertInboundMessage,
  type InboundSender,
} from './inbound.repository';

export type InboundSms = {
  /** 'twilio', or 'outbox' for a reply injected in development. */
  provider: string;
  providerMessageId: string;
  from: string;
  to: string;
  body: string;
  media?: MessageAttachment[];
};

export type InboundResult = {
  /** Null when the sender is unknown or the provider delivered this message before. */
  messageId: string | null;
  customerId: string | null;
  keyword: InboundKeyword;
  /** The confirmation or help text queued in answer, if any. */
  replyId: string | null;
};

/**
 * An inbound text (Twilio's webhook, or an injected dev reply): stored on the sender's conversation, and a
 * keyword (reference/messaging-facts §2: the whole message, any case) acted on. The row, the consent change
 * and the answer are one transaction, and the row is unique per provider message id, so a redelivered
 * webhook changes nothing and a customer never gets a second confirmation.
 */
export async function receiveInboundSms(ctx: AppContext, sms: InboundSms): Promise<InboundResult> {
  const from = toE164Phone(sms.from) ?? sms.from;
  const to = toE164Phone(sms.to) ?? sms.to;
  const keyword = classifyInboundKeyword(sms.body);
  const sender = await findInboundSender(ctx.db, { from, to });
  if (!sender) {
    // Not a customer we know: nothing to attach it to. The provider still gets its 200.
    ctx.log.info(
      { provider: sms.provider, providerMessageId: sms.providerMessageId },
      'inbound text from an unknown sender',
    );
    return { messageId: null, customerId: null, keyword, replyId: null };
  }
  const now = ctx.now();
  const result = await inTransaction(ctx.db, async (tx) => {
    const messageId = await insertInboundMessage(
      tx,
      {
        ...sender,
        provider: sms.provider,
        providerMessageId: sms.providerMessageId,
        from,
        to,
        body: sms.body,
        attachments: sms.media ?? [],
      },
      now,
    );
    if (!messageId) return { messageId: null, replyId: null };
    const replyId = await actOnKeyword(
      tx,
      {
        sender,
        keyword,
        messageId,
        detail: sms.body.trim(),
        from,
        to,
        isAnswered: ctx.config.sms.keywordReplies === 'ours',
      },
      now,
    );
    return { messageId, replyId };
  });
  // After the commit, so the dispatcher finds the answer.
  if (result.replyId) await requestDispatch(ctx);
  return { ...result, customerId: sender.customerId, keyword };
}

type KeywordInput = {
  sender: InboundSender;
  keyword: InboundKeyword;
  messageId: string;
  /** The keyword as the customer wrote it, for the consent record. */
  detail: string;
  from: string;
  to: string;
  /** False when the provider answers keywords itself (Twilio's default opt-out handling). */
  isAnswered: boolean;
};

/**
 * STOP and friends opt out and confirm once (only when they were not already out); START/YES/UNSTOP opt
 * back in and confirm only when they were out, so an ordinary "yes" to a question gets no reply; HELP
 * always answers. The answer is a 'keyword_reply', which the dispatcher sends even to an opted-out number.
 */
async function actOnKeyword(tx: DbTransaction, input: KeywordInput, now: Date): Promise<string | null> {
  if (!input.keyword) return null;
  const change: ConsentChange = {
    merchantId: input.sender.merchantId,
    customerId: input.sender.customerId,
    channel: 'sms',
    source: 'keyword',
    detail: input.detail,
    messageId: input.messageId,
  };
  if (input.keyword === 'opt_out' && !(await recordOptOut(tx, change, now))) return null;
  if (input.keyword === 'opt_in' && !(await recordOptIn(tx, change, now))) return null;
  if (!input.isAnswered) return null;
  const [reply] = await insertPendingMessages(tx, [
    {
      merchantId: input.sender.merchantId,
      customerId: input.sender.customerId,
      kind: 'keyword_reply',
      body: keywordReplyText(input.keyword, input.sender),
      // Answered from the number the customer texted, to the number they texted from.
      toAddress: input.from,
      fromAddress: input.to,
    },
  ]);
  return reply?.id ?? null;
}
