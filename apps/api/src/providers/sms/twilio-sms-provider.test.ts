import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { SmsSendError, type SmsProvider } from './sms-provider';
import { isValidTwilioSignature } from './twilio-signature';
import { createTwilioSmsProvider } from './twilio-sms-provider';
import { signTwilioRequest, startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in';

const accountSid = 'AC' + 'a'.repeat(32);
const authToken = 'stand-in-auth-token';
const merchantFrom = '+12145550123';
const publicUrl = 'https://paylane.example.com';

let standIn: TwilioStandIn;
let sms: SmsProvider;

beforeAll(async () => {
  standIn = await startTwilioStandIn({ accountSid, authToken });
  sms = createTwilioSmsProvider({
    accountSid,
    authToken,
    apiUrl: standIn.url,
    publicUrl,
  });
});
afterAll(() => standIn.close());

const outgoing = (overrides: Partial<Parameters<SmsProvider['send']>[0]> = {}) => ({
  to: '+15125550170',
  from: merchantFrom,
  body: 'Your payment of $125.50 is due Jul 1. Reply STOP to opt out.',
  idempotencyKey: crypto.randomUUID(),
  ...overrides,
});

async function sendError(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('Twilio adapter against the stand-in', () => {
  it('sends an SMS with Basic auth, the sender and the status callback URL, and reads the initial status', async () => {
    const handOver = await sms.send(outgoing({ idempotencyKey: '7d1c2a4e-0b7f-4c55-9a57-3f3c8f0e6d21' }));
    expect(handOver.status).toBe('queued');
    expect(handOver.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${accountSid}/Messages.json`,
    });
    expect(request.authorized).toBe(true);
    expect(Object.fromEntries(request.params)).toEqual({
      To: '+15125550170',
      From: merchantFrom,
      Body: 'Your payment of $125.50 is due Jul 1. Reply STOP to opt out.',
      StatusCallback: `${publicUrl}/api/webhooks/twilio/status/?message_id=7d1c2a4e-0b7f-4c55-9a57-3f3c8f0e6d21`,
    });
  });

  it('sends an MMS: every media URL as a repeated MediaUrl, and the callback URL given, with our message id', async () => {
    const media = ['https://paylane.example.com/media/a.jpg', 'https://paylane.example.com/media/b.png'];
    const callback = 'https://paylane.example.com/api/webhooks/twilio/status/?region=1';
    const handOver = await sms.send(
      outgoing({ body: '', mediaUrls: media, statusCallbackUrl: callback, idempotencyKey: 'm-1' }),
    );
    const stored = standIn.messages.find((m) => m.sid === handOver.providerMessageId)!;
    expect(stored.mediaUrls).toEqual(media);
    expect(stored.statusCallback).toBe(`${callback}&message_id=m-1`);
    expect(standIn.requests.at(-1)!.params.has('Body')).toBe(false);
  });

  it("with a merchant's Messaging Service, sends through it, naming the merchant's number when it has one", async () => {
    const service = 'MG' + 'b'.repeat(32);
    expect((await sms.send(outgoing({ from: null, messagingServiceSid: service }))).status).toBe('accepted');
    expect(standIn.requests.at(-1)!.params.get('MessagingServiceSid')).toBe(service);
    expect(standIn.requests.at(-1)!.params.get('From')).toBeNull();
    await sms.send(outgoing({ from: '+12145550100', messagingServiceSid: service }));
    expect(standIn.requests.at(-1)!.params.get('MessagingServiceSid')).toBe(service);
    expect(standIn.requests.at(-1)!.params.get('From')).toBe('+12145550100');
  });

  it('maps 21610 (unsubscribed) and 21211 (invalid To) to errors that are not retried', async () => {
    standIn.refuse('+15125550999', 21610);
    const unsubscribed = await sendError(sms.send(outgoing({ to: '+15125550999' })));
    expect(unsubscribed).toMatchObject({ code: '21610', isRetryable: false });
    const invalid = await sendError(sms.send(outgoing({ to: '512-555' })));
    expect(invalid).toMatchObject({ code: '21211', isRetryable: false });
  });

  it('a 500, a 429 or an unreachable Twilio may succeed later: retryable', async () => {
    standIn.failNext(500);
    expect(await sendError(sms.send(outgoing()))).toMatchObject({ code: '20500', isRetryable: true });
    standIn.failNext(429);
    expect(await sendError(sms.send(outgoing()))).toMatchObject({ isRetryable: true });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gone = createTwilioSmsProvider({
      accountSid,
      authToken,
      apiUrl: `http://127.0.0.1:${port}`,
      publicUrl,
    });
    expect(await sendError(gone.send(outgoing()))).toMatchObject({ code: 'network', isRetryable: true });
  });

  it('a wrong auth token is refused (401) and not retried', async () => {
    const wrong = createTwilioSmsProvider({
      accountSid,
      authToken: 'wrong',
      apiUrl: standIn.url,
      publicUrl,
    });
    expect(await sendError(wrong.send(outgoing()))).toMatchObject({ code: '20003', isRetryable: false });
  });

  it('findHandOver finds a message Twilio already has (crash recovery) and nothing for another body', async () => {
    const since = new Date(Date.now() - 1000);
    const sms1 = outgoing({ to: '+15125550171', body: 'Recovered text' });
    const handOver = await sms.send(sms1);
    expect(await sms.findHandOver({ ...sms1, since })).toEqual({
      providerMessageId: handOver.providerMessageId,
      status: 'sent',
    });
    const listing = standIn.requests.at(-1)!;
    expect(listing.method).toBe('GET');
    expect(listing.params.get('To')).toBe('+15125550171');
    expect(listing.params.get('DateSent>')).toBe(since.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(await sms.findHandOver({ ...sms1, body: 'Never sent', since })).toBeNull();
    expect(await sms.findHandOver({ ...sms1, since: new Date(Date.now() + 60_000) })).toBeNull();
  });
});

describe('X-Twilio-Signature', () => {
  const vector = {
    url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
    params: {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    },
  };

  it('passes the documented test vector, and the stand-in signs the same way', () => {
    const signature = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
    expect(isValidTwilioSignature({ authToken: '12345', signature, ...vector })).toBe(true);
    expect(signTwilioRequest('12345', vector.url, vector.params)).toBe(signature);
  });

  it('refuses a changed parameter, another URL, another token and a missing header', () => {
    const signature = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
    const changed = { ...vector.params, Digits: '1235' };
    expect(isValidTwilioSignature({ authToken: '12345', signature, url: vector.url, params: changed })).toBe(
      false,
    );
    const otherUrl = 'https://mycompany.com/myapp.php?foo=1&bar=3';
    expect(isValidTwilioSignature({ authToken: '12345', signature, ...vector, url: otherUrl })).toBe(false);
    expect(isValidTwilioSignature({ authToken: '54321', signature, ...vector })).toBe(false);
    expect(isValidTwilioSignature({ authToken: '12345', signature: undefined, ...vector })).toBe(false);
  });
});

describe('configuration', () => {
  const secret = 'x'.repeat(40);
  it('SMS_PROVIDER=twilio without its account SID and auth token refuses to start, naming both', () => {
    expect(() => loadConfig({ JWT_SECRET: secret, SMS_PROVIDER: 'twilio' })).toThrow(
      /TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio\n\s+TWILIO_AUTH_TOKEN: required/,
    );
    const config = loadConfig({
      JWT_SECRET: secret,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
    });
    expect(config.sms.twilio).toMatchObject({ accountSid, authToken, apiUrl: 'https://api.twilio.com' });
  });

  it('EMAIL_PROVIDER=smtp without SMTP_URL refuses to start', () => {
    expect(() => loadConfig({ JWT_SECRET: secret, EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL: required/);
  });
});
