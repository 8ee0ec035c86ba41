import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { canonical, parseForm, stringsOf, text, type Form } from './stripe-form';
import {
  failure,
  invalid,
  missing,
  newId,
  testMethods,
  type Answer,
  type StandInPaymentMethod,
  type StripeErrorBody,
  type TestMethod,
} from './stripe-stand-in-common';
import { createRefundBooks, type StandInRefund } from './stripe-stand-in-refunds';
import { createSetupBooks, type Created, type StandInSetupIntent } from './stripe-stand-in-setup';

export type { StandInPaymentMethod } from './stripe-stand-in-common';
export type { StandInSetupIntent } from './stripe-stand-in-setup';
export type { StandInRefund } from './stripe-stand-in-refunds';

// A local stand-in for Stripe that speaks, over real HTTP, the part of its v1 REST contract the adapter uses
// (docs/conventions.md §6): form bodies in Stripe's bracket notation, Bearer auth, connected accounts named by
// the Stripe-Account header, Stripe's error JSON and status codes, idempotency keys as Stripe documents them
// (docs/reference/payments.md §3), Stripe's test PaymentMethods, and saving a method for later through a
// Customer and a SetupIntent (stripe-stand-in-setup.ts).

export type StandInPaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method';
  payment_method: string;
  payment_method_types: string[];
  customer: string | null;
  mandate: string | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  latest_charge: string;
  last_payment_error: (StripeErrorBody & { charge: string; payment_method: StandInPaymentMethod }) | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

export type StandInRequest = {
  method: string;
  path: string;
  account: string;
  idempotencyKey: string | null;
  form: Form;
};

export type StripeStandIn = {
  /** The API base to configure as STRIPE_API_URL. */
  url: string;
  requests: StandInRequest[];
  /** Every PaymentIntent created under a connected account ('' for the platform's own), oldest first. */
  paymentIntentsOf(account: string): StandInPaymentIntent[];
  /** Every refund made under a connected account, oldest first (stripe-stand-in-refunds.ts). */
  refundsOf(account: string): StandInRefund[];
  /**
   * The next create charges and saves its result under its key, but the caller receives a 500: the answer
   * lost on its way back (a proxy or load balancer failing after Stripe finished). A retry with the same key
   * gets Stripe's saved result. (A 500 from Stripe's own API would itself be saved and replayed.)
   */
  failNextCreateAfterCharging(): void;
  /**
   * Confirms an open SetupIntent with one of Stripe's test methods (pm_card_visa, pm_usBankAccount, …), as
   * Stripe.js does in the payer's browser: a new PaymentMethod is attached to the SetupIntent's Customer, and a
   * bank account gets a mandate.
   */
  confirmSetupIntent(account: string, setupIntentId: string, testMethodId: string): StandInSetupIntent;
  close(): Promise<void>;
};

type SavedAnswer = { digest: string; answer: Answer };

export async function startStripeStandIn(options: {
  secretKey: string;
  /** How long a create runs; a request with the same key meanwhile is refused with 409, as Stripe does. */
  processingMs?: number;
}): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const intents = new Map<string, StandInPaymentIntent[]>();
  const keys = new Map<string, SavedAnswer | 'in-flight'>();
  const setup = createSetupBooks();
  const refunds = createRefundBooks((account) => intentsOf(account));
  let failNextCreate = false;
  const intentsOf = (account: string) => intents.get(account) ?? intents.set(account, []).get(account)!;

  const handle = async (req: IncomingMessage): Promise<Answer> => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const form = parseForm(req.method === 'POST' ? await readBody(req) : url.search.slice(1));
    const account = headerOf(req, 'stripe-account') ?? '';
    const idempotencyKey = headerOf(req, 'idempotency-key') ?? null;
    requests.push({ method: req.method ?? '', path: url.pathname, account, idempotencyKey, form });
    if (req.headers.authorization !== `Bearer ${options.secretKey}`)
      return failure(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    const route = `${req.method} ${url.pathname}`;
    const once = (create: (account: string, form: Form) => Created) =>
      createOnce({ account, key: idempotencyKey, path: url.pathname, form }, create);
    if (route === 'POST /v1/payment_intents') return once(createIntent);
    if (route === 'POST /v1/customers') return once(setup.createCustomer);
    if (route === 'POST /v1/setup_intents') return once(setup.createSetupIntent);
    if (route === 'POST /v1/refunds') return once(refunds.createRefund);
    if (route === 'GET /v1/refunds') return refunds.listRefunds(account, url.searchParams);
    if (route === 'GET /v1/payment_intents/search') return search(account, url.searchParams.get('query'));
    const [, verb, kind, rawId, action] =
      /^(GET|POST) \/v1\/(payment_intents|payment_methods|setup_intents)\/([^/]+)(\/detach)?$/.exec(route) ??
      [];
    const id = decodeURIComponent(rawId ?? '');
    if (verb === 'POST' && kind === 'payment_methods' && action) return setup.detach(account, id);
    if (verb === 'GET' && !action && kind === 'payment_intents') return retrieveIntent(account, id);
    if (verb === 'GET' && !action && kind === 'payment_methods') return retrieveMethod(account, id);
    if (verb === 'GET' && !action && kind === 'setup_intents') return setup.retrieveSetupIntent(account, id);
    return failure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${route}).` });
  };

  /**
   * Stripe saves the first answer under (account, key) once the endpoint runs and replays it for the same
   * endpoint and parameters; another endpoint or other parameters are refused; a request that fails
   * validation is not saved.
   */
  const createOnce = async (
    request: { account: string; key: string | null; path: string; form: Form },
    create: (account: string, form: Form) => Created,
  ): Promise<Answer> => {
    const { account, key, form } = request;
    if (key === null) return create(account, form).answer;
    const scope = `${account}\n${key}`;
    const digest = createHash('sha256')
      .update(`${request.path}\n${canonical(form)}`)
      .digest('hex');
    const saved = keys.get(scope);
    if (saved === 'in-flight')
      return failure(409, {
        type: 'idempotency_error',
        message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
      });
    if (saved && saved.digest !== digest)
      return failure(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    if (saved) return { ...saved.answer, headers: { 'Idempotent-Replayed': 'true' } };
    keys.set(scope, 'in-flight');
    try {
      await sleep(options.processingMs ?? 20);
      const { answer, ran } = create(account, form);
      if (ran) keys.set(scope, { digest, answer });
      if (!ran || !failNextCreate) return answer;
      failNextCreate = false;
      return failure(500, { type: 'api_error', message: 'An unknown error occurred.' });
    } finally {
      if (keys.get(scope) === 'in-flight') keys.delete(scope);
    }
  };

  const createIntent = (account: string, form: Form): Created => {
    const chargeable = setup.chargeable(account, form);
    const refusal = refusalOf(form, chargeable?.test) ?? chargeable?.refusal;
    if (refusal || !chargeable) return { answer: failure(400, refusal!), ran: false };
    const { method, outcome } = chargeable.test;
    const amount = Number(form.amount);
    const declined = 'declineCode' in outcome;
    const intent: StandInPaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: !declined && outcome.status === 'succeeded' ? amount : 0,
      currency: text(form.currency),
      status: declined ? 'requires_payment_method' : outcome.status,
      payment_method: method.id,
      payment_method_types: [method.type],
      customer: text(form.customer) || null,
      mandate: text(form.mandate) || null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      latest_charge: newId('ch'),
      last_payment_error: null,
      metadata: stringsOf(form.metadata),
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intentsOf(account).push(intent);
    // Stripe saves the answer as it was, not the live object.
    if (!declined) return { answer: { status: 200, body: structuredClone(intent) }, ran: true };
    const error = { type: 'card_error', code: 'card_declined', decline_code: outcome.declineCode } as const;
    intent.last_payment_error = {
      ...error,
      message: outcome.message,
      charge: intent.latest_charge,
      payment_method: method,
    };
    const body = { ...error, message: outcome.message, payment_intent: structuredClone(intent) };
    return { answer: failure(402, body), ran: true };
  };

  const search = (account: string, query: string | null): Answer => {
    const match = /^metadata\[(['"])(.+?)\1\]:(['"])((?:\\.|[^\\])*?)\3$/.exec(query ?? '');
    if (!match)
      return failure(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        param: 'query',
        message: `The stand-in searches by one metadata field only, as metadata['key']:'value'; got ${query}.`,
      });
    const [, , field, , quoted] = match;
    const value = quoted!.replace(/\\(.)/g, '$1');
    const data = intentsOf(account)
      .filter((intent) => intent.metadata[field!] === value)
      .reverse();
    return {
      status: 200,
      body: {
        object: 'search_result',
        url: '/v1/payment_intents/search',
        has_more: false,
        next_page: null,
        data,
      },
    };
  };

  const retrieveIntent = (account: string, id: string): Answer => {
    const intent = intentsOf(account).find((candidate) => candidate.id === id);
    return intent ? { status: 200, body: intent } : missing('intent', `No such payment_intent: '${id}'`);
  };

  const retrieveMethod = (account: string, id: string): Answer => {
    const known = setup.savedMethod(account, id) ?? testMethods[id]?.method;
    return known ? { status: 200, body: known } : missing('payment_method', `No such PaymentMethod: '${id}'`);
  };

  const server = createServer((req, res) => {
    handle(req).then(
      (answer) => send(res, answer),
      (error: unknown) => send(res, failure(500, { type: 'api_error', message: String(error) })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    paymentIntentsOf: (account) => [...intentsOf(account)],
    refundsOf: refunds.refundsOf,
    failNextCreateAfterCharging: () => {
      failNextCreate = true;
    },
    confirmSetupIntent: (account, setupIntentId, testMethodId) =>
      setup.confirm(account, setupIntentId, testMethodId),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The parameter checks Stripe makes before a PaymentIntent exists (nothing is saved under the key). */
function refusalOf(form: Form, method: TestMethod | undefined): StripeErrorBody | null {
  if (!/^\d+$/.test(text(form.amount)))
    return invalid('amount', 'parameter_missing', 'Missing required param: amount.');
  if (Number(form.amount) < 50)
    return invalid('amount', 'amount_too_small', 'Amount must be at least $0.50 usd');
  if (!/^[a-z]{3}$/.test(text(form.currency)))
    return invalid('currency', 'parameter_missing', 'Missing required param: currency.');
  if (text(form.confirm) !== 'true')
    return invalid('confirm', 'parameter_invalid', 'The stand-in only creates and confirms in one call.');
  if (!method)
    return invalid(
      'payment_method',
      'resource_missing',
      `No such PaymentMethod: '${text(form.payment_method)}'`,
    );
  // Stripe offers the Dashboard's methods, some of which redirect the customer, unless told not to.
  if (redirectsAllowed(form) && text(form.return_url) === '')
    return invalid(
      'return_url',
      'parameter_missing',
      'A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed.',
    );
  return null;
}

function redirectsAllowed(form: Form): boolean {
  const automatic = form.automatic_payment_methods;
  return typeof automatic !== 'object' || automatic.allow_redirects !== 'never';
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(res: ServerResponse, answer: Answer) {
  res
    .writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...answer.headers,
    })
    .end(JSON.stringify(answer.body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
