import twilio from 'twilio';

export type TwilioParams = Record<string, string | string[]>;

/**
 * X-Twilio-Signature (docs/reference/messaging.md §1): HMAC-SHA1 with the auth token over the URL exactly as
 * Twilio was given it, followed by each parameter name and value in name order. The SDK's check also tries
 * the URL with and without the default port and compares in constant time.
 */
export function isValidTwilioSignature(input: {
  authToken: string;
  signature: string | undefined;
  url: string;
  params: TwilioParams;
}): boolean {
  if (!input.signature) return false;
  return twilio.validateRequest(input.authToken, input.signature, input.url, input.params);
}

/** A form body as Twilio sends it; a repeated name keeps every value (the signature covers them all). */
export function twilioParamsOf(body: string): TwilioParams {
  const params: TwilioParams = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = params[name];
    if (seen === undefined) params[name] = value;
    else params[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return params;
}

/** The single value of a parameter (the first, if Twilio ever repeated it). */
export function paramOf(params: TwilioParams, name: string): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}
