import type { MessageStatus } from '@paylane/shared/messaging';

// Twilio's message statuses (docs/reference/messaging.md §1) in our words. Twilio's own `sending` is still
// with Twilio, so it reads as queued; ours means a dispatcher is handing the message over right now.
const statusOf: Record<string, MessageStatus> = {
  accepted: 'accepted',
  scheduled: 'accepted',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  partially_delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'canceled',
  receiving: 'received',
  received: 'received',
};

/** Our status for a Twilio MessageStatus; null for a value Twilio has not documented (ignored, not guessed). */
export function messageStatusFromTwilio(value: string | undefined): MessageStatus | null {
  if (!value) return null;
  return statusOf[value.toLowerCase()] ?? null;
}

// The delivery errors a status callback carries (docs/reference/messaging.md §1), stored with a sentence staff can read.
const errorTexts: Record<string, string> = {
  '30003': 'Unreachable destination handset: the phone may be off or out of signal.',
  '30005': 'Unknown destination handset: the number is unknown or no longer active.',
  '30006': 'Landline or unreachable carrier: this number cannot receive texts.',
  '30007': 'Message filtered by the carrier as spam or against its policy.',
  '21610': 'The recipient has unsubscribed (replied STOP) and cannot be texted until they reply START.',
  '21211': "Invalid 'To' phone number.",
};

export function twilioErrorText(code: string): string | null {
  return errorTexts[code] ?? null;
}

/** Twilio's error for texting a recipient who replied STOP. */
export const TWILIO_UNSUBSCRIBED = '21610';
