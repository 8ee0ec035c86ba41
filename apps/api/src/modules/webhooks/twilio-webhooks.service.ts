import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { MessageAttachment } from '../../db/schema';
import { forbidden, notFound } from '../../kit/errors';
import {
  isValidTwilioSignature,
  paramOf,
  twilioParamsOf,
  type TwilioParams,
} from '../../providers/sms/twilio-signature';
import {
  messageStatusFromTwilio,
  TWILIO_UNSUBSCRIBED,
  twilioErrorText,
} from '../../providers/sms/twilio-status';
import { recordOptOut, type ConsentChange } from '../consent/consent.service';
import { receiveInboundSms, type InboundResult } from '../inbound-messages/inbound.service';
import { recordProviderStatus, type RecordedStatus } from '../messaging/message-status.service';
import { attachProviderMessageId } from './twilio-webhooks.repository';
import { inTransaction } from '../../kit/transaction';

/** Twilio may attach up to 10 media to one message. */
const MAX_MEDIA = 10;

/**
 * The parameters of a genuine Twilio webhook. The signature covers the URL Twilio was given, which is our
 * public URL (PUBLIC_URL) and the path and query as received, so it holds behind a proxy that rewrites the
 * host. Anything else is refused before it is read any further. Without Twilio configured there is nothing
 * here to call: 404.
 */
export function verifyTwilioWebhook(
  ctx: AppContext,
  request: { url: string; body: unknown; signature: string | undefined },
): TwilioParams {
  const authToken = ctx.config.sms.twilio.authToken;
  if (ctx.config.sms.provider !== 'twilio' || !authToken) throw notFound();
  const params = typeof request.body === 'string' ? twilioParamsOf(request.body) : null;
  const url = ctx.config.publicUrl + request.url;
  if (!params || !isValidTwilioSignature({ authToken, signature: request.signature, url, params })) {
    throw forbidden('Invalid signature');
  }
  return params;
}

/**
 * A status callback: stored forward-only and once per status (recordProviderStatus). The error code is kept
 * only with a failure, with a sentence staff can read; 21610 (the number replied STOP at the carrier) opts
 * the customer out, in the same transaction, so our records follow the carrier's. `messageId` is our id,
 * which the adapter put in the callback URL (signed with it): a callback that arrives before the dispatcher
 * has recorded Twilio's sid still finds its message.
 */
export async function receiveTwilioStatus(
  ctx: AppContext,
  params: TwilioParams,
  messageId: string | null,
): Promise<void> {
  const sid = paramOf(params, 'MessageSid') ?? paramOf(params, 'SmsSid');
  const status = messageStatusFromTwilio(paramOf(params, 'MessageStatus') ?? paramOf(params, 'SmsStatus'));
  if (!sid || !status) {
    ctx.log.warn({ sid, status: paramOf(params, 'MessageStatus') }, 'Twilio status callback not understood');
    return;
  }
  const isFailure = status === 'failed' || status === 'undelivered';
  const errorCode = isFailure ? paramOf(params, 'ErrorCode') || null : null;
  const errorMessage = errorCode ? (twilioErrorText(errorCode) ?? `Twilio error ${errorCode}`) : null;
  const event = { provider: 'twilio', providerMessageId: sid, status, errorCode, errorMessage };
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    let recorded = await recordProviderStatus(tx, event, now);
    if (!recorded && messageId) {
      const from = paramOf(params, 'From') || null;
      await attachProviderMessageId(
        tx,
        { messageId, provider: 'twilio', providerMessageId: sid, fromAddress: from },
        now,
      );
      recorded = await recordProviderStatus(tx, event, now);
    }
    if (!recorded) ctx.log.info({ sid }, 'Twilio status callback for a message we do not know');
    if (recorded?.changed && errorCode === TWILIO_UNSUBSCRIBED) await optOutRefused(tx, recorded, now);
  });
}

async function optOutRefused(tx: Db, recorded: RecordedStatus, now: Date): Promise<void> {
  const change: ConsentChange = {
    merchantId: recorded.merchantId,
    customerId: recorded.customerId,
    channel: 'sms',
    source: 'provider',
    detail: TWILIO_UNSUBSCRIBED,
    messageId: recorded.messageId,
  };
  await recordOptOut(tx, change, now);
}

/**
 * An inbound message webhook (docs/reference/messaging.md §1: From, To, MessagingServiceSid, Body, MediaUrl{N}/MediaContentType{N},
 * N from 0), routed by the number texted (To) or the Messaging Service it belongs to.
 */
export async function receiveTwilioInbound(
  ctx: AppContext,
  params: TwilioParams,
): Promise<InboundResult | null> {
  const sid = paramOf(params, 'MessageSid') ?? paramOf(params, 'SmsMessageSid');
  const from = paramOf(params, 'From');
  const to = paramOf(params, 'To');
  if (!sid || !from || !to) {
    ctx.log.warn({ sid }, 'Twilio inbound webhook without MessageSid, From or To');
    return null;
  }
  const media: MessageAttachment[] = [];
  for (let n = 0; n < MAX_MEDIA; n += 1) {
    const url = paramOf(params, `MediaUrl${n}`);
    if (!url) break;
    media.push({ url, type: paramOf(params, `MediaContentType${n}`) ?? 'application/octet-stream' });
  }
  return receiveInboundSms(ctx, {
    provider: 'twilio',
    providerMessageId: sid,
    from,
    to,
    messagingServiceSid: paramOf(params, 'MessagingServiceSid') || null,
    body: paramOf(params, 'Body') ?? '',
    media,
  });
}
