import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { generateSecret, hashSecret } from '../../lib/secrets';
import { consumePayLink, insertPayLink } from './pay-links.repository';

// Making and spending pay links, for this module and for the others that put a link in a text ({{payment_link}}
// in chat and system texts, the requested payment, the texts after a payment).

/**
 * Seven days: a texted request is often read and paid days later (the next payday), as long as the invites'
 * links last; the link shows nothing until the payer verifies, and a payment spends it.
 */
export const PAY_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * 32 random bytes (256 bits), base64url: 43 characters. Long and mixed-case on purpose: the log redaction
 * (lib/logging.ts) treats a 20+ character segment with a digit or capital as a secret, and 43 random
 * characters without either come up about once in 10^15 links.
 */
const TOKEN_BYTES = 32;

export const payLinkUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/pay/${token}`;

export type CreatedPayLink = { id: string; url: string; expiresAt: Date };

/**
 * A new link to pay one customer's account. `db` may be the caller's transaction, so a link texted with a
 * message exists exactly when the message does. The caller has checked that the customer holds the account.
 */
export async function createPayLink(
  ctx: AppContext,
  db: Db,
  input: { merchantId: string; customerId: string; accountId: string; createdByUserId: string | null },
): Promise<CreatedPayLink> {
  const token = generateSecret(TOKEN_BYTES);
  const now = ctx.now();
  const row = await insertPayLink(db, {
    ...input,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + PAY_LINK_LIFETIME_MS),
    createdAt: now,
  });
  return { id: row.id, url: payLinkUrl(ctx, token), expiresAt: row.expiresAt };
}

/** The Idempotency-Key a pay link's payment is stored under: the payer's key, inside this link's space. */
export const payLinkPaymentKey = (linkId: string, key: string) => `pay_link:${linkId}:${key}`;

const linkOfPaymentKey = /^pay_link:([0-9a-f-]{36}):/;

/**
 * Spends the link a payment was made through, once the payment is paid or processing (called where a
 * payment's outcome is recorded, in its transaction). A payment that came from elsewhere changes nothing.
 */
export async function spendPayLinkOfPayment(
  db: Db,
  payment: { id: string; merchantId: string; idempotencyKey: string; channel: string },
  at: Date,
): Promise<void> {
  const linkId = payment.channel === 'pay_link' ? linkOfPaymentKey.exec(payment.idempotencyKey)?.[1] : null;
  if (!linkId) return;
  await consumePayLink(db, { merchantId: payment.merchantId, id: linkId, paymentId: payment.id, at });
}
