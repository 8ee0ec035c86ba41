import type { MessageStatus } from '@paylane/shared/messaging';

// The SMS/MMS port (docs/conventions.md §6): Twilio's REST API, or the offline `outbox` provider (the default).

export type OutgoingSms = {
  to: string;
  /** The sender's number; null only with a Messaging Service, which then picks one from its pool. */
  from: string | null;
  /** Twilio: the merchant's Messaging Service (the outbox has none). */
  messagingServiceSid?: string | null;
  body: string;
  mediaUrls?: readonly string[];
  /** Our message id: the same key handed over twice must not text the customer twice. */
  idempotencyKey: string;
  /** Where the provider posts status changes (Twilio StatusCallback). */
  statusCallbackUrl?: string;
};

export type SmsHandOver = {
  providerMessageId: string;
  /** The initial status, read from the create answer (no callback is sent for it). */
  status: MessageStatus;
};

/**
 * A send the provider refused. `code` is the provider's error code (Twilio: 21610 unsubscribed recipient,
 * 21211 invalid To). `isRetryable` says whether trying again later may succeed (network, 429, 5xx).
 */
export class SmsSendError extends Error {
  readonly code: string;
  readonly isRetryable: boolean;
  constructor(message: string, options: { code: string; isRetryable: boolean }) {
    super(message);
    this.name = 'SmsSendError';
    this.code = options.code;
    this.isRetryable = options.isRetryable;
  }
}

export type SmsProvider = {
  name: string;
  /** Hands a message to the provider; throws SmsSendError when it is refused. */
  send(sms: OutgoingSms): Promise<SmsHandOver>;
  /**
   * After a crash between handing a message over and recording it: whether the provider already has it, so
   * recovery neither loses it nor sends it twice.
   */
  findHandOver(sms: OutgoingSms & { since: Date }): Promise<SmsHandOver | null>;
};
