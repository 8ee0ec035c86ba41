import { messages as catalogue } from '@paylane/shared/messages';
import type { Config } from '../../config';
import { invalid } from '../../kit/errors';

/** Who a merchant's texts come from: a number, a Twilio Messaging Service (Twilio picks from its pool), or both. */
export type SmsSender = { from: string | null; messagingServiceSid: string | null };

/** The sender columns of a merchant (merchants.ts). */
export type MerchantSenderFields = {
  smsFromNumber: string | null;
  smsMessagingServiceSid: string | null;
  outboxSmsNumber: string;
};

/**
 * The sender of a merchant's texts; null when it has none and may not text customers. A merchant's text
 * never leaves from the platform's shared number (config SMS_FROM_NUMBER, kept for platform notices): replies
 * are routed by the number texted, and on a shared number they could reach another merchant. With Twilio
 * that is its own number and/or Messaging Service, set by a super admin; with the offline outbox, its own
 * number if it has one, else the fictitious number every merchant is given.
 */
export function merchantSmsSender(
  sms: Pick<Config['sms'], 'provider'>,
  merchant: MerchantSenderFields,
): SmsSender | null {
  if (sms.provider === 'outbox') {
    return { from: merchant.smsFromNumber ?? merchant.outboxSmsNumber, messagingServiceSid: null };
  }
  if (!merchant.smsFromNumber && !merchant.smsMessagingServiceSid) return null;
  return { from: merchant.smsFromNumber, messagingServiceSid: merchant.smsMessagingServiceSid };
}

/** Chat and mass texts refuse at once (400) what the dispatcher could only fail later. */
export function assertMerchantCanText(sms: Pick<Config['sms'], 'provider'>, merchant: MerchantSenderFields) {
  if (!merchantSmsSender(sms, merchant)) throw invalid({ non_field_errors: [catalogue.noTextSender] });
}
