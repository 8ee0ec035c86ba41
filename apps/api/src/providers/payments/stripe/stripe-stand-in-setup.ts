import { stringsOf, text, type Form } from './stripe-form';
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

// The stand-in's saving of methods for later (off-session) charges: Customers, SetupIntents that the browser
// confirms with Stripe.js (here: confirmSetupIntent, as a test's browser would), the PaymentMethods they
// attach, and detaching one. Objects live per connected account, as Stripe keeps them.

export type StandInCustomer = {
  id: string;
  object: 'customer';
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

export type StandInSetupIntent = {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string;
  status: 'requires_payment_method' | 'succeeded';
  usage: string;
  payment_method_types: string[];
  payment_method: string | null;
  /** The mandate a bank account's confirmation creates: a debit off-session names it. */
  mandate: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

type SavedMethod = TestMethod & { mandate: string | null };
/** A create's answer, and whether it ran (a refused request is not saved under its idempotency key). */
export type Created = { answer: Answer; ran: boolean };

const methodTypes = ['card', 'us_bank_account'];

export function createSetupBooks() {
  const customers = new Map<string, Map<string, StandInCustomer>>();
  const intents = new Map<string, Map<string, StandInSetupIntent>>();
  const methods = new Map<string, Map<string, SavedMethod>>();
  const of = <T>(books: Map<string, Map<string, T>>, account: string) =>
    books.get(account) ?? books.set(account, new Map()).get(account)!;
  const now = () => Math.floor(Date.now() / 1000);
  const refused = (error: StripeErrorBody): Created => ({ answer: failure(400, error), ran: false });

  return {
    createCustomer(account: string, form: Form): Created {
      const customer: StandInCustomer = {
        id: newId('cus'),
        object: 'customer',
        metadata: stringsOf(form.metadata),
        created: now(),
        livemode: false,
      };
      of(customers, account).set(customer.id, customer);
      return { answer: { status: 200, body: customer }, ran: true };
    },

    createSetupIntent(account: string, form: Form): Created {
      const customer = text(form.customer);
      if (!of(customers, account).has(customer))
        return refused(invalid('customer', 'resource_missing', `No such customer: '${customer}'`));
      // The SDK's API version names the list allowed_payment_method_types; older ones payment_method_types.
      const listed = form.allowed_payment_method_types ?? form.payment_method_types;
      const types = Object.values(stringsOf(listed));
      if (types.length === 0 || !types.every((type) => methodTypes.includes(type)))
        return refused(
          invalid(
            'allowed_payment_method_types',
            'parameter_invalid',
            'The stand-in saves cards and US bank accounts.',
          ),
        );
      const id = newId('seti');
      const intent: StandInSetupIntent = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_${newId('s').slice(2)}`,
        customer,
        status: 'requires_payment_method',
        usage: text(form.usage) || 'off_session',
        payment_method_types: types,
        payment_method: null,
        mandate: null,
        metadata: stringsOf(form.metadata),
        created: now(),
        livemode: false,
      };
      of(intents, account).set(id, intent);
      return { answer: { status: 200, body: structuredClone(intent) }, ran: true };
    },

    retrieveSetupIntent(account: string, id: string): Answer {
      const intent = of(intents, account).get(id);
      return intent ? { status: 200, body: intent } : missing('intent', `No such setupintent: '${id}'`);
    },

    /** A method this account saved; undefined for any other id (a test method is every account's). */
    savedMethod(account: string, id: string): StandInPaymentMethod | undefined {
      return of(methods, account).get(id)?.method;
    },

    detach(account: string, id: string): Answer {
      const saved = of(methods, account).get(id);
      if (!saved && !testMethods[id]) return missing('payment_method', `No such PaymentMethod: '${id}'`);
      if (!saved?.method.customer)
        return failure(400, {
          type: 'invalid_request_error',
          message:
            'The payment method you provided is not attached to a customer so detachment is impossible.',
        });
      saved.method.customer = null;
      return { status: 200, body: saved.method };
    },

    /**
     * What a PaymentIntent may charge: a test method as it is, a saved one only naming its Customer (and, for
     * a bank account, its mandate); a detached one never again. Null when the account has no such method.
     */
    chargeable(account: string, form: Form): { test: TestMethod; refusal: StripeErrorBody | null } | null {
      const id = text(form.payment_method);
      const test = testMethods[id];
      if (test) return { test, refusal: null };
      const saved = of(methods, account).get(id);
      if (!saved) return null;
      return { test: saved, refusal: savedMethodRefusal(saved, form) };
    },

    /** Confirms an open SetupIntent with one of Stripe's test methods, as Stripe.js does in the browser. */
    confirm(account: string, setupIntentId: string, testMethodId: string): StandInSetupIntent {
      const intent = of(intents, account).get(setupIntentId);
      const test = testMethods[testMethodId];
      if (!intent || intent.status !== 'requires_payment_method') throw new Error('no open SetupIntent');
      if (!test || !intent.payment_method_types.includes(test.method.type))
        throw new Error(`${testMethodId} cannot confirm this SetupIntent`);
      const method = { ...structuredClone(test.method), id: newId('pm'), customer: intent.customer };
      const mandate = method.type === 'us_bank_account' ? newId('mandate') : null;
      of(methods, account).set(method.id, { method, outcome: test.outcome, mandate });
      Object.assign(intent, { status: 'succeeded', payment_method: method.id, mandate });
      return structuredClone(intent);
    },
  };
}

export type SetupBooks = ReturnType<typeof createSetupBooks>;

function savedMethodRefusal(saved: SavedMethod, form: Form): StripeErrorBody | null {
  const { method } = saved;
  const customer = text(form.customer);
  if (method.customer === null || (customer !== '' && customer !== method.customer))
    return invalid(
      'payment_method',
      'resource_missing',
      `The customer does not have a payment method with the ID ${method.id}. The payment method must be attached to the customer.`,
    );
  if (customer === '')
    return invalid(
      'customer',
      'parameter_missing',
      'The provided PaymentMethod is attached to a Customer: include that Customer in the `customer` parameter.',
    );
  if (saved.mandate && text(form.mandate) !== saved.mandate)
    return invalid(
      'mandate',
      'parameter_missing',
      'An off-session debit of this us_bank_account PaymentMethod needs the mandate its SetupIntent created.',
    );
  return null;
}
