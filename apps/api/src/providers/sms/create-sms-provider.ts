import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createOutboxSmsProvider } from './outbox-sms-provider';
import type { SmsProvider } from './sms-provider';
import { createTwilioSmsProvider } from './twilio-sms-provider';

/** The SMS provider the configuration names (docs/conventions.md §6); `outbox` is the default and needs no account. */
export function createSmsProvider(config: Config, db: Db): SmsProvider {
  switch (config.sms.provider) {
    case 'outbox':
      return createOutboxSmsProvider(db, { stepMs: config.sms.outboxStepMs });
    case 'twilio': {
      // The sender comes with each text (the merchant's own); TWILIO_MESSAGING_SERVICE_SID and SMS_FROM_NUMBER
      // are the platform's, never used for a merchant's texts.
      const { accountSid, authToken, apiUrl } = config.sms.twilio;
      // config.ts refuses SMS_PROVIDER=twilio without them; a hand-built config may still lack them.
      if (!accountSid || !authToken)
        throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
      return createTwilioSmsProvider({
        accountSid,
        authToken,
        apiUrl,
        publicUrl: config.publicUrl,
      });
    }
  }
}
