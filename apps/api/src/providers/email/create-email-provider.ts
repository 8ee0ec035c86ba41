import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EmailProvider } from './email-provider';
import { createOutboxEmailProvider } from './outbox-email-provider';
import { createSmtpEmailProvider } from './smtp-email-provider';

/** The email provider the configuration names (EMAIL_PROVIDER): the offline outbox (default) or SMTP. */
export function createEmailProvider(config: Config, db: Db): EmailProvider {
  if (config.email.provider === 'smtp') {
    // config.ts refuses EMAIL_PROVIDER=smtp without SMTP_URL; a hand-built config may still lack it.
    if (!config.email.smtpUrl) throw new Error('EMAIL_PROVIDER=smtp needs SMTP_URL');
    return createSmtpEmailProvider({ smtpUrl: config.email.smtpUrl, from: config.email.from });
  }
  return createOutboxEmailProvider(db, config.email.from);
}
