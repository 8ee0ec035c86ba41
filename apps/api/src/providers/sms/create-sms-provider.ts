import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createOutboxSmsProvider } from './outbox-sms-provider';
import type { SmsProvider } from './sms-provider';

/** The SMS provider the configuration names (design.md §6); `outbox` is the default and needs no account. */
export function createSmsProvider(config: Config, db: Db): SmsProvider {
  switch (config.sms.provider) {
    case 'outbox':
      return createOutboxSmsProvider(db, {
        fromNumber: config.sms.fromNumber,
        stepMs: config.sms.outboxStepMs,
      });
    case 'twilio':
      // The Twilio adapter (providers/sms/twilio-*) plugs in here.
      throw new Error('SMS_PROVIDER=twilio is not available yet: the Twilio adapter is not built in');
  }
}
