import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { generateSecret, hashSecret } from '../../lib/secrets';
import { consumePayLink, insertPayLink } from './pay-links.repository';

// Making and spending pay links, for this module and for the others that put a link in a text ({{payment_link}}
// in chat and system texts, the requested payment, the texts after a payment, mass texts and automations).
// One link per message that uses the field, to the account the message's other account fields name, and only
// when that account is linkable (isLinkableAccount); otherwise the field is empty. Mass texts make their
// tokens in SQL (newPayLinkTokenSql) in the statement that writes the messages; automations render in Node
// and make theirs with newPayLinkToken, written in their page's one statement. Either way a link row exists
// exactly when its message does.

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

/** What a link's URL is before its token. */
export const payLinkUrlPrefix = (ctx: AppContext) => `${ctx.config.publicUrl}/pay/`;
export const payLinkUrl = (ctx: AppContext, token: string) => `${payLinkUrlPrefix(ctx)}${token}`;

/**
 * Whether a link may be made for an account: not merged into another, open (not inactive or closed), and
 * with money due. create_payment_link answers why not (pay-links.service.ts checkLinkable); a merge field
 * simply gets no link (docs/product.md §9).
 */
export const isLinkableAccount = (account: {
  status: string;
  amountDueCents: number;
  mergedIntoId: string | null;
}) =>
  account.mergedIntoId === null &&
  account.status !== 'inactive' &&
  account.status !== 'closed' &&
  account.amountDueCents > 0;

/** isLinkableAccount in SQL, over an account row named `a` (all nulls when there is none: no link). */
export const linkableAccountSql = sql`(a.id is not null and a.merged_into_id is null
  and a.status not in ('inactive', 'closed') and a.amount_due_cents > 0)`;

/**
 * A new token made by the database, for links written set-based (a mass text's INSERT … SELECT): the bytes
 * of two gen_random_uuid() (built in since PostgreSQL 13; 122 random bits each from pg_strong_random, which
 * PGlite feeds from node:crypto) as base64url, 43 characters like generateSecret(32): 244 random bits.
 * pgcrypto's gen_random_bytes would give 256, but PGlite loads no extension unless built with it. Volatile:
 * evaluate it once per row (in a subquery that is not flattened) and reuse that value.
 */
export const newPayLinkTokenSql = sql`translate(encode(decode(
  replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`;

/** hashSecret in SQL: the hex SHA-256 of the token's UTF-8 text, so the pay page finds the link. */
export const payLinkTokenHashSql = (token: SQL) => sql`encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`;

/** When a link made now expires. */
export const payLinkExpiry = (now: Date) => new Date(now.getTime() + PAY_LINK_LIFETIME_MS);

/**
 * A new link's token, digest and URL made in Node, for callers that write links in their own set-based
 * statement (the automations' page of messages): the same secret and digest as createPayLink.
 */
export function newPayLinkToken(ctx: AppContext): { url: string; tokenHash: string } {
  const token = generateSecret(TOKEN_BYTES);
  return { url: payLinkUrl(ctx, token), tokenHash: hashSecret(token) };
}

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
    expiresAt: payLinkExpiry(now),
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
