import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/app';
import { startTwilioStandIn, type TwilioStandIn } from '../../providers/sms/twilio-stand-in';

/** The URL the app is configured with, as in production behind a proxy: Twilio signs it. */
export const TWILIO_TEST_PUBLIC_URL = 'https://paylane.example.com';

export type TwilioTestApp = {
  t: TestApp;
  standIn: TwilioStandIn;
  /** Where the app really listens (http://127.0.0.1:<port>), for requests that bypass the stand-in. */
  appBase: string;
  close(): Promise<void>;
};

/**
 * The test app with SMS_PROVIDER=twilio against a local Twilio stand-in that delivers its webhooks to where
 * the app really listens (the public URL swapped for the app's address), with the account's credentials.
 */
export async function createTwilioTestApp(input: {
  accountSid: string;
  authToken: string;
  env?: Record<string, string>;
  options?: TestAppOptions;
}): Promise<TwilioTestApp> {
  let appBase = '';
  const standIn = await startTwilioStandIn({
    accountSid: input.accountSid,
    authToken: input.authToken,
    deliverTo: (url) => url.replace(TWILIO_TEST_PUBLIC_URL, appBase),
  });
  const t = await createTestApp(
    {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: input.accountSid,
      TWILIO_AUTH_TOKEN: input.authToken,
      TWILIO_API_URL: standIn.url,
      PUBLIC_URL: TWILIO_TEST_PUBLIC_URL,
      ...input.env,
    },
    input.options,
  );
  appBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return {
    t,
    standIn,
    appBase,
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}
