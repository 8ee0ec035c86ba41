import { classifyInboundKeyword, type InboundKeyword } from '@paylane/shared/messaging';
import { toE164Phone } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { MessageAttachment } from '../../db/schema';
import { recordOptIn, recordOptOut, type ConsentChange } from '../consent/consent.service';
import { requestDispatch } from '../messaging/dispatch-request.service';
import { insertPendingMessages } from '../messaging/outgoing-messages.service';
import { keywordReplyText } from './keyword-replies.service';
import {
  findCustomersTextedFrom,
  findMerchantCustomerId,
  findNumberOwner,
  insertInboundMessage,
  type InboundSender,
} from './inbound.repository';
import { inTransaction } from '../../kit/transaction';

export type InboundSms = {
  /** 'twilio', or 'outbox' for a reply injected in development. */
  provider: string;
  providerMessageId: string;
  from: string;
  /** The number texted. */
  to: string;
  /** Twilio's MessagingServiceSid: the Messaging Service the number texted belongs to, if any. */
  messagingServiceSid?: string | null;
  body: string;
  media?: MessageAttachment[];
};

export type InboundResult = {
  /**
   * Where it went: a merchant's conversation; the platform's shared number, which carries no conversation;
   * or nowhere (a number we do not send from, or a phone the number's merchant does not have).
   */
  reached: 'conversation' | 'shared_number' | 'nobody';
  messageId: string | null;
  customerId: string | null;
  keyword: InboundKeyword;
  /** The confirmation or help text queued in answer, if any. */
  replyId: string | null;
};

/**
 * An inbound text (Twilio's webhook, or an injected dev reply), routed by the number texted and never by a
 * guess across merchants: on the conversation of the customer of the merchant that sends from that number
 * (or through that Messaging Service), with a keyword (docs/reference/messaging.md §2: the whole message, any
 * case) acted on for that customer. The row, the consent change and the answer are one transaction, and the
 * row is unique per provider message id, so a redelivered webhook changes nothing and a customer never gets a
 * second confirmation.
 */
export async function receiveInboundSms(ctx: AppContext, sms: InboundSms): Promise<InboundResult> {
  const from = toE164Phone(sms.from) ?? sms.from;
  const to = toE164Phone(sms.to) ?? sms.to;
  const messagingServiceSid = sms.messagingServiceSid || null;
  const keyword = classifyInboundKeyword(sms.body);
  const nobody: InboundResult = {
    reached: 'nobody',
    messageId: null,
    customerId: null,
    keyword,
    replyId: null,
  };
  const logged = { provider: sms.provider, providerMessageId: sms.providerMessageId };
  const owner = await findNumberOwner(ctx.db, { to, messagingServiceSid });
  if (!owner) {
    if (isSharedSender(ctx, to, messagingServiceSid)) {
      return receiveOnSharedNumber(ctx, { from, to, keyword, detail: sms.body.trim(), logged });
    }
    ctx.log.info(logged, 'inbound text to a number no merchant sends from');
    return nobody;
  }
  const customerId = await findMerchantCustomerId(ctx.db, { merchantId: owner.merchantId, phone: from });
  if (!customerId) {
    // Not a customer of this merchant: nothing to attach it to. The provider still gets its 200.
    ctx.log.info(logged, 'inbound text from an unknown sender');
    return nobody;
  }
  const sender: InboundSender = { ...owner, customerId };
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
  return { ...result, reached: 'conversation', customerId, keyword };
}

/** The platform's own sender (SMS_FROM_NUMBER, or its Messaging Service TWILIO_MESSAGING_SERVICE_SID). */
function isSharedSender(ctx: AppContext, to: string, messagingServiceSid: string | null): boolean {
  const { fromNumber, twilio } = ctx.config.sms;
  if (to === (toE164Phone(fromNumber) ?? fromNumber)) return true;
  return messagingServiceSid !== null && messagingServiceSid === twilio.messagingServiceSid;
}

type SharedNumberInput = {
  from: string;
  to: string;
  keyword: InboundKeyword;
  detail: string;
  logged: { provider: string; providerMessageId: string };
};

/**
 * A text to the platform's shared number goes on no conversation: anyone may have texted that phone from it,
 * so no merchant can be told it was their customer answering. It is logged (without phone or body) and
 * dropped. A STOP (or START, YES, UNSTOP) is applied as the carrier applies it, to every merchant whose texts
 * reached this phone from that number, with a consent record per customer. We answer nothing: with Twilio
 * its opt-out handling answers on that number, and the outbox has no platform sender to answer from.
 */
async function receiveOnSharedNumber(ctx: AppContext, input: SharedNumberInput): Promise<InboundResult> {
  const { keyword } = input;
  ctx.log.info({ ...input.logged, keyword }, 'inbound text to the shared number: stored on no conversation');
  const answer: InboundResult = {
    reached: 'shared_number',
    messageId: null,
    customerId: null,
    keyword,
    replyId: null,
  };
  if (keyword !== 'opt_out' && keyword !== 'opt_in') return answer;
  const fromNumbers = [...new Set([input.to, ctx.config.sms.fromNumber])];
  const texted = await findCustomersTextedFrom(ctx.db, { phone: input.from, fromNumbers });
  const record = keyword === 'opt_out' ? recordOptOut : recordOptIn;
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    for (const { merchantId, customerId } of texted) {
      const change: ConsentChange = {
        merchantId,
        customerId,
        channel: 'sms',
        source: 'keyword',
        detail: input.detail,
        messageId: null,
      };
      await record(tx, change, now);
    }
  });
  return answer;
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
async function actOnKeyword(tx: Db, input: KeywordInput, now: Date): Promise<string | null> {
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
