import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { EmailProvider } from './email-provider';

/** The offline provider: keeps each email in the outbox table instead of sending it. */
export function createOutboxEmailProvider(db: Db, from: string): EmailProvider {
  return {
    name: 'outbox',
    async send(email) {
      const [row] = await db
        .insert(outboxEmails)
        .values({
          toAddress: email.to,
          fromAddress: from,
          subject: email.subject,
          text: email.text,
          html: email.html ?? null,
          merchantId: email.merchantId ?? null,
        })
        .returning({ id: outboxEmails.id });
      if (!row) throw new Error('outbox insert returned no row');
      return { id: row.id };
    },
  };
}
