import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { MessageListInstanceCreateOptions } from 'twilio/lib/rest/api/v2010/account/message';
import { SmsSendError, type OutgoingSms, type SmsHandOver, type SmsProvider } from './sms-provider';
import { messageStatusFromTwilio } from './twilio-status';

export const TWILIO_DEFAULT_API_URL = 'https://api.twilio.com';
/** Where our status callbacks arrive (modules/webhooks), below the public URL. */
export const TWILIO_STATUS_PATH = '/api/webhooks/twilio/status/';
export const TWILIO_INBOUND_PATH = '/api/webhooks/twilio/inbound/';

export type TwilioSmsOptions = {
  accountSid: string;
  authToken: string;
  /** Twilio's REST base; tests point it at the local stand-in (twilio-stand-in.ts). */
  apiUrl: string;
  /** The app's public base URL, which Twilio calls back (config.publicUrl). */
  publicUrl: string;
  timeoutMs?: number;
};

/**
 * The SDK builds every URL on https://api.twilio.com (its `edge`/`region` options only add labels to that
 * name), but it takes a custom HTTP client: this one is the SDK's own client with the base swapped, so the
 * requests (form encoding, Basic auth, error parsing) stay exactly the SDK's.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly apiUrl: string,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = opts.uri.startsWith(TWILIO_DEFAULT_API_URL)
      ? this.apiUrl + opts.uri.slice(TWILIO_DEFAULT_API_URL.length)
      : opts.uri;
    return super.request<TData>({ ...opts, uri });
  }
}

/** The real SMS/MMS adapter (docs/conventions.md §6) over Twilio's Programmable Messaging REST API. */
export function createTwilioSmsProvider(options: TwilioSmsOptions): SmsProvider {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const client = twilio(options.accountSid, options.authToken, {
    timeout: timeoutMs,
    ...(options.apiUrl === TWILIO_DEFAULT_API_URL
      ? {}
      : { httpClient: new RebasedRequestClient(options.apiUrl, timeoutMs) }),
  });
  const defaultCallback = options.publicUrl + TWILIO_STATUS_PATH;

  return {
    name: 'twilio',
    async send(sms) {
      const params: MessageListInstanceCreateOptions = {
        to: sms.to,
        statusCallback: callbackFor(sms.statusCallbackUrl ?? defaultCallback, sms.idempotencyKey),
        ...senderOf(sms),
        ...(sms.body ? { body: sms.body } : {}),
        ...(sms.mediaUrls?.length ? { mediaUrl: [...sms.mediaUrls] } : {}),
      };
      try {
        const created = await client.messages.create(params);
        return {
          providerMessageId: created.sid,
          status: messageStatusFromTwilio(created.status) ?? 'queued',
        };
      } catch (error) {
        throw toSendError(error);
      }
    },
    async findHandOver(sms) {
      try {
        return await findSent(client, sms);
      } catch (error) {
        throw toSendError(error);
      }
    },
  };
}

/**
 * Our message id rides in the callback URL (Twilio signs the URL with it), so a callback that arrives before
 * the hand-over is recorded still finds its message (modules/webhooks).
 */
function callbackFor(base: string, messageId: string): string {
  const url = new URL(base);
  url.searchParams.set('message_id', messageId);
  return url.toString();
}

/**
 * The text's own sender: a number, or a Messaging Service whose pool Twilio picks from; with both, the
 * number is named so the customer sees the number they reply to.
 */
function senderOf(sms: OutgoingSms): Pick<MessageListInstanceCreateOptions, 'from' | 'messagingServiceSid'> {
  return {
    ...(sms.messagingServiceSid ? { messagingServiceSid: sms.messagingServiceSid } : {}),
    ...(sms.from ? { from: sms.from } : {}),
  };
}

/**
 * Crash recovery: Twilio has no idempotency key for sending, so a hand-over is recognised by recipient,
 * sender and body among the messages sent since the claim. Limits: Twilio filters by DateSent, which it
 * fills in once the message leaves its queue (a message still queued at Twilio is not listed yet, so the
 * caller should look again later rather than resend at once); two identical texts to the same person in
 * the window cannot be told apart (the newest is taken); a Messaging Service without a number of the
 * merchant's is not filtered on the sender; and Smart Encoding may rewrite look-alike characters so the body no longer matches.
 */
async function findSent(
  client: twilio.Twilio,
  sms: OutgoingSms & { since: Date },
): Promise<SmsHandOver | null> {
  const listed = await client.messages.list({
    to: sms.to,
    ...(sms.from ? { from: sms.from } : {}),
    dateSentAfter: sms.since,
    limit: 50,
  });
  const match = listed.find((message) => message.body === sms.body && message.direction !== 'inbound');
  if (!match) return null;
  return { providerMessageId: match.sid, status: messageStatusFromTwilio(match.status) ?? 'queued' };
}

/** 4xx (21610 unsubscribed, 21211 invalid To, ...) will fail again; 429, 5xx and the network may not. */
function toSendError(error: unknown): SmsSendError {
  if (error instanceof twilio.RestException) {
    const isRetryable = error.status === 429 || error.status >= 500;
    const code = String(error.code ?? error.status);
    return new SmsSendError(error.message || `Twilio answered ${error.status}`, { code, isRetryable });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SmsSendError(`Twilio unreachable: ${message}`, { code: 'network', isRetryable: true });
}
