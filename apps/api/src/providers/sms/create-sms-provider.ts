import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createOutboxSmsProvider } from './outbox-sms-provider';
import type { SmsProvider } from './sms-provider';
import { createTwilioSmsProvider } from './twilio-sms-provider';

/** The SMS provider the configuration names (design.md §6); `outbox` is the default and needs no account. */
export function createSmsProvider(config: Config, db: Db): SmsProvider {
  switch (config.sms.provider) {
    case 'outbox':
      return createOutboxSmsProvider(db, {
        fromNumber: config.sms.fromNumber,
        stepMs: config.sms.outboxStepMs,
      });
    case 'twilio': {
      const { accountSid, authToken, messagingServiceSid, apiUrl } = config.sms.twilio;
      // config.ts refuses SMS_PROVIDER=twilio without them; a hand-built config may still lack them.
      if (!accountSid || !authToken)
        throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
      return createTwilioSmsProvider({
        accountSid,
        authToken,
        messagingServiceSid,
        apiUrl,
        fromNumber: config.sms.fromNumber,
        publicUrl: config.publicUrl,
      });
    }
  }
}
