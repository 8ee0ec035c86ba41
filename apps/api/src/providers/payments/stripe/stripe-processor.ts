import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import {
  cardBrands,
  cardFundings,
  ProcessorError,
  type ChargeStatus,
  type PaymentProcessor,
  type ProcessorCharge,
  type ProcessorMethod,
} from '../payment-processor';
import { brandOfNumber } from '../sandbox/sandbox-test-numbers';
import { stripeRefunds } from './stripe-refunds';

export type StripeOptions = {
  secretKey: string;
  /** Stripe's API base; tests point it at the local stand-in (stripe-stand-in.ts). */
  apiUrl: string;
};

/**
 * The real payments adapter (docs/conventions.md §6, docs/reference/payments.md "The Stripe adapter") over
 * Stripe's PaymentIntents through the official SDK. Each merchant is a connected account, named per call.
 */
export function createStripeProcessor(options: StripeOptions): PaymentProcessor {
  const client = createClient(options);

  return {
    name: 'stripe',

    // Stripe has no BIN endpoint: the brand comes from the digits, and the funding that decides a fee is
    // read from the saved PaymentMethod (findMethod), never guessed here.
    async lookupBin(bin) {
      const six = bin.slice(0, 6);
      return { bin: six, brand: brandOfNumber(six), funding: 'unknown' };
    },

    async findMethod({ processorAccountId, token }) {
      const saved = parseMethodToken(token);
      try {
        const method = await client.paymentMethods.retrieve(
          saved.paymentMethod,
          {},
          onAccount(processorAccountId),
        );
        // Detached from its Customer: Stripe will not charge it again.
        if (saved.customer && method.customer !== saved.customer) return null;
        const found = toProcessorMethod(method);
        return found && { ...found, token };
      } catch (error) {
        if (isMissing(error)) return null;
        throw toProcessorError(error);
      }
    },

    async charge(request) {
      const saved = parseMethodToken(request.methodToken);
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            payment_method: saved.paymentMethod,
            // A method saved through a SetupIntent is charged naming its Customer, a bank debit its mandate.
            ...(saved.customer ? { customer: saved.customer } : {}),
            ...(saved.mandate ? { mandate: saved.mandate } : {}),
            // The customer is not there to be redirected: without this, Stripe demands a return_url.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            off_session: true,
            metadata: { reference: request.reference },
          },
          { idempotencyKey: request.idempotencyKey, ...onAccount(request.processorAccountId) },
        );
        return toCharge(intent);
      } catch (error) {
        // A decline is answered 402 with the PaymentIntent it left behind: a failed charge, not an error.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent)
          return toCharge(error.payment_intent);
        throw toProcessorError(error);
      }
    },

    // Stripe's search is eventually consistent (a new PaymentIntent may take a while to be found): a null
    // soon after an ambiguous answer is not proof of no charge, which is why a retry reuses the same key.
    async findCharge({ processorAccountId, reference }) {
      try {
        const found = await client.paymentIntents.search(
          { query: `metadata['reference']:'${escapeSearchValue(reference)}'`, limit: 1 },
          onAccount(processorAccountId),
        );
        const [intent] = found.data;
        return intent ? toCharge(intent) : null;
      } catch (error) {
        throw toProcessorError(error);
      }
    },
    ...stripeRefunds(client),

    // Card readers at Stripe are Stripe Terminal, which Paylane does not drive yet (docs/reference/payments.md).
    async collectOnReader() {
      throw new ProcessorError('Card readers are not set up with this processor yet.', {
        code: 'reader_unavailable',
        isAmbiguous: false,
      });
    },

    // A SetupIntent on the merchant's connected account, for a Customer made for it; the browser confirms it
    // with Stripe.js and the client secret. Every create carries an idempotency key: one per entry, so a
    // resent request (the SDK's own resend on a reset connection) opens no second Customer or SetupIntent.
    async startMethodEntry({ processorAccountId, kind, reference }) {
      const entryKey = `method-entry-${randomUUID()}`;
      const account = onAccount(processorAccountId);
      try {
        const customer = await client.customers.create(
          { metadata: { reference } },
          { idempotencyKey: `${entryKey}-customer`, ...account },
        );
        const intent = await client.setupIntents.create(
          {
            customer: customer.id,
            usage: 'off_session',
            allowed_payment_method_types: [kind === 'card' ? 'card' : 'us_bank_account'],
            metadata: { reference },
          },
          { idempotencyKey: `${entryKey}-setup-intent`, ...account },
        );
        return { entryId: intent.id, url: null, clientSecret: intent.client_secret };
      } catch (error) {
        throw toProcessorError(error);
      }
    },

    // Only a succeeded SetupIntent has saved a method; its token carries the Customer (and a bank account's
    // mandate) that charging it needs.
    async finishMethodEntry({ processorAccountId, entryId }) {
      const account = onAccount(processorAccountId);
      try {
        const intent = await client.setupIntents.retrieve(entryId, {}, account);
        const customer = idOf(intent.customer);
        const paymentMethod = idOf(intent.payment_method);
        if (intent.status !== 'succeeded' || !customer || !paymentMethod) return null;
        const method = toProcessorMethod(await client.paymentMethods.retrieve(paymentMethod, {}, account));
        if (!method) return null;
        const mandate = method.kind === 'bank' ? idOf(intent.mandate) : null;
        return { ...method, token: methodToken({ customer, paymentMethod, mandate }) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw toProcessorError(error);
      }
    },

    async detachMethod({ processorAccountId, token }) {
      try {
        await client.paymentMethods.detach(
          parseMethodToken(token).paymentMethod,
          {},
          onAccount(processorAccountId),
        );
      } catch (error) {
        if (isMissing(error)) return;
        throw toProcessorError(error);
      }
    },
  };
}

/**
 * Paylane keeps one opaque token per saved method; with Stripe it names what a charge of the method needs:
 * `cus_…/pm_…` for a card saved through a SetupIntent, `cus_…/pm_…/mandate_…` for a bank account, and a bare
 * `pm_…` for a method not saved to a Customer. Stripe ids never contain '/'.
 */
export type SavedMethodRef = { customer: string | null; paymentMethod: string; mandate: string | null };

export const methodToken = ({ customer, paymentMethod, mandate }: SavedMethodRef) =>
  [customer, paymentMethod, mandate].filter((part) => part).join('/');

export function parseMethodToken(token: string): SavedMethodRef {
  const [first = '', second, third] = token.split('/');
  if (second === undefined) return { customer: null, paymentMethod: first, mandate: null };
  return { customer: first, paymentMethod: second, mandate: third ?? null };
}

/** An expandable field's id, whether Stripe answered the id or the object. */
const idOf = (field: string | { id: string } | null | undefined) =>
  typeof field === 'string' ? field : (field?.id ?? null);

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_missing' && error.statusCode === 404;

function createClient(options: StripeOptions): Stripe {
  const url = new URL(options.apiUrl);
  const protocol = url.protocol.replace(/:$/, '');
  if (protocol !== 'https' && protocol !== 'http') throw new Error(`STRIPE_API_URL must be http(s): ${url}`);
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'https' ? 443 : 80),
    protocol,
    // The SDK's own retries would hide an ambiguous answer from us. We keep the idempotency key on the
    // payment attempt and reconcile with findCharge before sending it again (docs/reference/payments.md §3).
    // (The SDK still resends once on a reset connection; our key makes that a replay, never a second charge.)
    maxNetworkRetries: 0,
  });
}

/** Stripe-Account names the merchant's connected account; '' is the platform's own. */
const onAccount = (processorAccountId: string) =>
  processorAccountId === '' ? {} : { stripeAccount: processorAccountId };

/** Stripe's search syntax quotes a value; a quote or backslash inside it is escaped with a backslash. */
const escapeSearchValue = (value: string) => value.replace(/[\\']/g, (char) => `\\${char}`);

export function chargeStatusOf(status: Stripe.PaymentIntent.Status): ChargeStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    // requires_action: off-session, no customer is there to authenticate, so the charge has failed.
    case 'requires_payment_method':
    case 'canceled':
    case 'requires_action':
      return 'failed';
    default:
      // processing, and states a confirmed automatic-capture intent should not be in: not final yet.
      return 'processing';
  }
}

export function toCharge(intent: Stripe.PaymentIntent): ProcessorCharge {
  const status = chargeStatusOf(intent.status);
  const error = status === 'failed' ? intent.last_payment_error : null;
  return {
    processorChargeId: intent.id,
    reference: intent.metadata.reference ?? '',
    amountCents: intent.amount,
    status,
    failureCode: error ? (error.decline_code ?? error.code ?? null) : null,
    failureMessage: error?.message ?? null,
  };
}

/** A card or US bank account; any other kind of PaymentMethod is not one Paylane can charge. */
export function toProcessorMethod(method: Stripe.PaymentMethod): ProcessorMethod | null {
  if (method.type === 'card' && method.card) {
    const { card } = method;
    return {
      kind: 'card',
      token: method.id,
      brand: cardBrands.find((brand) => brand === card.brand) ?? 'unknown',
      funding: cardFundings.find((funding) => funding === card.funding) ?? 'unknown',
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
    };
  }
  if (method.type === 'us_bank_account' && method.us_bank_account) {
    const bank = method.us_bank_account;
    return {
      kind: 'bank',
      token: method.id,
      accountType: bank.account_type === 'savings' ? 'savings' : 'checking',
      last4: bank.last4 ?? '',
      routingNumber: bank.routing_number ?? '',
    };
  }
  return null;
}

/**
 * Whether a failed call may still have happened decides what the caller does next: an ambiguous one
 * (no answer, 5xx, 409 key in flight, 429) is reconciled and retried with the same key; any other refusal
 * will not change on a retry.
 */
export function toProcessorError(error: unknown): ProcessorError {
  if (!(error instanceof Stripe.errors.StripeError)) {
    const message = error instanceof Error ? error.message : String(error);
    return new ProcessorError(`Stripe call failed: ${message}`, { code: 'unknown', isAmbiguous: true });
  }
  const status = error.statusCode ?? 0;
  if (error instanceof Stripe.errors.StripeConnectionError)
    return new ProcessorError(`Stripe unreachable: ${error.message}`, { code: 'network', isAmbiguous: true });
  // Another request with this key is still running at Stripe: it may yet charge.
  if (status === 409)
    return new ProcessorError(error.message, { code: 'idempotency_key_in_flight', isAmbiguous: true });
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return new ProcessorError(error.message, { code: 'idempotency_key_in_use', isAmbiguous: false });
  if (error instanceof Stripe.errors.StripeAPIError || status === 429 || status >= 500)
    return new ProcessorError(error.message || `Stripe answered ${status}`, {
      code: error.code ?? (status ? `http_${status}` : 'api_error'),
      isAmbiguous: true,
    });
  const code = error.code ?? (status === 401 ? 'authentication_error' : (error.rawType ?? 'invalid_request'));
  return new ProcessorError(error.message, { code, isAmbiguous: false });
}
