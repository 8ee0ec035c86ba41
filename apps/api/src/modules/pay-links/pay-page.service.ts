import type {
  PayLinkSession,
  PayLinkSummary,
  payLinkVerifySchema,
} from '@paylane/shared/contracts/pay-links';
import { messages } from '@paylane/shared/messages';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { fieldError, notAuthenticated, notFound, rateLimited, refused } from '../../kit/errors';
import { verifyPassword } from '../../lib/passwords';
import { generateSecret, hashSecret } from '../../lib/secrets';
import { logoUrl } from '../merchants/merchants.service';
import { findPaymentProcessingAccount } from '../payments/payment-lookups.service';
import {
  findPayLinkByTokenHash,
  reserveVerifyAttempt,
  startPayLinkSession,
  type PayLinkView,
} from './pay-links.repository';

// The public pay page's reading and verifying (issue 16 item 6). Anyone holding the link sees the merchant,
// the amount due and masked data; opening it changes nothing. The payer then proves who they are and gets a
// short session (X-Pay-Session) for the entry and the payment (pay-link-payment.service.ts).

/** docs/product.md §9-style throttle: 5 wrong answers lock the link for 15 minutes. */
export const VERIFY_MAX_ATTEMPTS = 5;
export const VERIFY_LOCK_MS = 15 * 60_000;
/** Long enough to find a card and type it; short enough that a phone left open does not stay payable. */
export const PAY_SESSION_MS = 30 * 60_000;

type VerifyBody = z.output<typeof payLinkVerifySchema>;

/** The link behind a token; 404 for a token nobody issued (the same answer as a malformed one). */
async function findLink(ctx: AppContext, token: string): Promise<PayLinkView> {
  const view = token.length <= 200 ? await findPayLinkByTokenHash(ctx.db, hashSecret(token)) : null;
  if (!view) throw notFound();
  return view;
}

function statusOf(ctx: AppContext, view: PayLinkView): PayLinkSummary['status'] {
  if (view.link.consumedAt || view.account.amountDueCents <= 0) return 'paid';
  if (view.link.expiresAt <= ctx.now() || view.customer.voidedAt) return 'expired';
  return 'open';
}

const initial = (name: string) => (name.trim() ? `${name.trim()[0]!.toUpperCase()}.` : '');
const maskedAccount = (accountNumber: string | null) => `••••${(accountNumber ?? '').slice(-4)}`;

/** GET /api/pay/{token}/: what the page shows before verification. Reading it writes nothing. */
export async function openPayLink(ctx: AppContext, token: string): Promise<PayLinkSummary> {
  const view = await findLink(ctx, token);
  return {
    status: statusOf(ctx, view),
    merchant: {
      name: view.merchant.name,
      logo_url: logoUrl(view.merchant.logoPath),
      phone: view.merchant.phone,
    },
    amount_due_cents: view.account.amountDueCents,
    masked_customer_name: `${initial(view.customer.firstName)} ${initial(view.customer.lastName)}`.trim(),
    masked_account_number: maskedAccount(view.account.externalId),
    // The page asks for the PIN first when the account has one; either way is accepted (verifyPayLink).
    verify_with: view.account.payPinHash ? 'pin' : 'last_name_and_date_of_birth',
    expires_at: view.link.expiresAt.toISOString(),
  };
}

/** Refuses a link that can no longer be paid, with what the page shows ('paid' / 'expired'). */
export function assertPayLinkOpen(ctx: AppContext, view: PayLinkView): void {
  const status = statusOf(ctx, view);
  if (status === 'paid') throw refused('This payment link has already been used.');
  if (status === 'expired') throw refused('This payment link has expired.');
}

async function findOpenLink(ctx: AppContext, token: string): Promise<PayLinkView> {
  const view = await findLink(ctx, token);
  assertPayLinkOpen(ctx, view);
  return view;
}

const sameName = (a: string, b: string) =>
  a.trim().localeCompare(b.trim(), 'en', { sensitivity: 'base' }) === 0;

/**
 * Either way proves the payer: the account's PIN (argon2id, account-pay-pin.ts; an account without one pays
 * the same hashing cost and says no), or last name and birth date.
 */
async function isMatch(view: PayLinkView, body: VerifyBody): Promise<boolean> {
  if ('pin' in body) return verifyPassword(view.account.payPinHash, body.pin);
  return sameName(body.last_name, view.customer.lastName) && body.date_of_birth === view.customer.dateOfBirth;
}

/**
 * POST /api/pay/{token}/verify/: the spec's messages for a wrong answer (docs/product.md §8). Each attempt, by
 * PIN or by name and birth date alike, is reserved before it is compared, so at most 5 are checked before the
 * link locks (429) for 15 minutes.
 */
export async function verifyPayLink(
  ctx: AppContext,
  token: string,
  body: VerifyBody,
): Promise<PayLinkSession> {
  const view = await findOpenLink(ctx, token);
  const now = ctx.now();
  const reserved = await reserveVerifyAttempt(ctx.db, {
    id: view.link.id,
    now,
    max: VERIFY_MAX_ATTEMPTS,
    lockUntil: new Date(now.getTime() + VERIFY_LOCK_MS),
  });
  if (reserved === null) {
    const lockedFor = (view.link.lockedUntil?.getTime() ?? now.getTime()) - now.getTime();
    throw rateLimited(messages.tooManyRequests, Math.max(1, Math.ceil(lockedFor / 1000)));
  }
  if (!(await isMatch(view, body))) {
    if ('pin' in body) throw fieldError('pin', messages.pinsMismatch);
    throw fieldError('non_field_errors', messages.recordMismatch);
  }
  const session = generateSecret();
  await startPayLinkSession(ctx.db, {
    id: view.link.id,
    sessionHash: hashSecret(session),
    sessionExpiresAt: new Date(now.getTime() + PAY_SESSION_MS),
  });
  const processing = await findPaymentProcessingAccount(ctx, {
    merchantId: view.link.merchantId,
    locationId: view.account.locationId,
  });
  return {
    session,
    customer: { first_name: view.customer.firstName, last_name: view.customer.lastName },
    account: {
      account_number: view.account.externalId ?? '',
      amount_due_cents: view.account.amountDueCents,
      due_date: view.account.dueDate,
    },
    card_fee: processing?.cardFee ?? { percent_bps: null, flat_cents: 0 },
  };
}

/**
 * The link whose payer verified in the last 30 minutes with this session; 401 otherwise. Open unless
 * `mayBeSpent` (a repeated payment request answers its first result after the link is spent).
 */
export async function requirePaySession(
  ctx: AppContext,
  token: string,
  session: string | undefined,
  options: { mayBeSpent?: boolean } = {},
): Promise<PayLinkView> {
  const view = options.mayBeSpent ? await findLink(ctx, token) : await findOpenLink(ctx, token);
  const { sessionHash, sessionExpiresAt } = view.link;
  const isValid =
    session !== undefined &&
    sessionHash !== null &&
    sessionHash === hashSecret(session) &&
    sessionExpiresAt !== null &&
    sessionExpiresAt > ctx.now();
  if (!isValid) throw notAuthenticated('Verify your information to continue.');
  return view;
}
