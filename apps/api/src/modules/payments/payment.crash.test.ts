import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantAccounts, paymentMethods } from '../../db/schema';
import { nextChildMessage } from '../../jobs/job-test-helpers';
import { startStripeStandIn, type StripeStandIn } from '../../providers/payments/stripe/stripe-stand-in';
import { createTestApp, type TestApp } from '../../test/app';
import {
  amountDueOf,
  ledgerOf,
  newPayableAccount,
  sandboxChargesFor,
  saveTestCard,
  transactionsPath,
  type AccountRef,
} from './payments-test-setup';

type ServerMessage = { type: 'ready'; port: number } | { type: 'charged'; reference: string };

const stripeKey = 'sk_test_crash_stand_in';
const stripeAccount = 'acct_crash_motors';

/** How each processor is set up for the crash, and how many charges it holds for one payment. */
type Processor = {
  name: 'sandbox' | 'stripe';
  start(): Promise<{ env: Record<string, string>; childEnv: Record<string, string> }>;
  saveCard(t: TestApp, merchantId: string, to: AccountRef): Promise<string>;
  chargesFor(t: TestApp, reference: string): Promise<number>;
  stop(): Promise<void>;
};

const sandbox: Processor = {
  name: 'sandbox',
  start: async () => ({ env: {}, childEnv: {} }),
  saveCard: (t, merchantId, to) => saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT'),
  chargesFor: async (t, reference) => (await sandboxChargesFor(t, reference)).length,
  stop: async () => undefined,
};

function stripeProcessor(): Processor {
  let standIn: StripeStandIn | undefined;
  return {
    name: 'stripe',
    async start() {
      standIn = await startStripeStandIn({ secretKey: stripeKey });
      const env = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: stripeKey, STRIPE_API_URL: standIn.url };
      return {
        env,
        childEnv: { PAYLANE_CRASH_STRIPE_URL: standIn.url, PAYLANE_CRASH_STRIPE_KEY: stripeKey },
      };
    },
    async saveCard(t, merchantId, to) {
      const { db } = t.database;
      await db
        .update(merchantAccounts)
        .set({ processor: 'stripe', processorAccountId: stripeAccount })
        .where(eq(merchantAccounts.merchantId, merchantId));
      const [method] = await db
        .insert(paymentMethods)
        .values({
          merchantId,
          customerId: to.customerId,
          paymentType: 'CREDIT',
          cardType: 'VISA',
          maskedCardNumber: '************4242',
          processor: 'stripe',
          processorAccountId: stripeAccount,
          processorToken: 'pm_card_visa',
          funding: 'credit',
        })
        .returning();
      return method!.id;
    },
    chargesFor: async (_t, reference) =>
      standIn!.paymentIntentsOf(stripeAccount).filter((intent) => intent.metadata.reference === reference)
        .length,
    stop: async () => standIn?.close(),
  };
}

// docs/reference/payments.md §4: a crash between the gateway's success and our own record must not lead to a
// second charge when the request is retried. A real API process is killed at exactly that point, against the
// sandbox and against the Stripe stand-in.
describe.each([sandbox, stripeProcessor()])(
  'a server killed between $name’s answer and our commit',
  (processor) => {
    let t: TestApp;
    let childEnv: Record<string, string>;
    let child: ChildProcess | undefined;

    beforeAll(async () => {
      const started = await processor.start();
      childEnv = started.childEnv;
      t = await createTestApp(started.env);
    });
    afterAll(async () => {
      child?.kill('SIGKILL');
      await t.close();
      await processor.stop();
    });

    it('after a restart, the retried request charges the card once and the ledger holds one charge', async () => {
      const merchantId = await t.demoMerchantId();
      const staff = await t.demoToken('staff');
      const to = await newPayableAccount(t, merchantId, 60_000);
      const method = await processor.saveCard(t, merchantId, to);
      const body = { amount: '100.00', payment_method: method };

      child = forkServer(t, childEnv);
      const { port } = await nextChildMessage<ServerMessage, 'ready'>(child, 'ready');
      const charged = nextChildMessage<ServerMessage, 'charged'>(child, 'charged');
      const lostAnswer = fetch(`http://127.0.0.1:${port}${transactionsPath(merchantId, to)}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${staff}`,
          'content-type': 'application/json',
          'idempotency-key': 'crash',
        },
        body: JSON.stringify(body),
      }).catch((error: unknown) => error);
      const { reference } = await charged;
      child.kill('SIGKILL');
      await once(child, 'exit');
      expect(await lostAnswer).toBeInstanceOf(Error);

      // The processor holds the charge; our books hold a pending payment and nothing in the ledger.
      expect(await processor.chargesFor(t, reference)).toBe(1);
      expect(await ledgerOf(t, to.accountId)).toEqual([]);
      expect(await amountDueOf(t, to.accountId)).toBe(60_000);

      // The restarted server (the test's own app, on the same database) gets the same request again.
      const retried = await t.request(transactionsPath(merchantId, to), {
        method: 'POST',
        token: staff,
        headers: { 'Idempotency-Key': 'crash' },
        json: body,
      });
      expect(retried).toMatchObject({
        status: 201,
        body: { id: reference, status: 'PAID', payment: { amount_cents: 10_000, fee_cents: 295 } },
      });
      expect(await processor.chargesFor(t, reference)).toBe(1);
      expect(await ledgerOf(t, to.accountId)).toEqual([
        { kind: 'payment', amountCents: 10_000 },
        { kind: 'fee', amountCents: 295 },
      ]);
      expect(await amountDueOf(t, to.accountId)).toBe(50_000);
    });
  },
);

function forkServer(t: TestApp, extraEnv: Record<string, string>): ChildProcess {
  const script = fileURLToPath(new URL('./payment-crash-server.fixture.ts', import.meta.url));
  return fork(script, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      ...extraEnv,
      PAYLANE_CRASH_PG_CONFIG: JSON.stringify(t.database.pgConfig),
      PAYLANE_CRASH_JWT_SECRET: t.config.jwtSecret,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}
