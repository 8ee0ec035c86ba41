import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextChildMessage } from '../../jobs/job-test-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import {
  amountDueOf,
  ledgerOf,
  newPayableAccount,
  sandboxChargesFor,
  saveTestCard,
  transactionsPath,
} from './payments-test-setup';

type ServerMessage = { type: 'ready'; port: number } | { type: 'charged'; reference: string };

// docs/reference/payments.md §4: a crash between the gateway's success and our own record must not lead to a
// second charge when the request is retried. A real API process is killed at exactly that point.
describe('a server killed between the processor’s answer and our commit', () => {
  let t: TestApp;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t.close();
  });

  it('after a restart, the retried request charges the card once and the ledger holds one charge', async () => {
    const merchantId = await t.demoMerchantId();
    const staff = await t.demoToken('staff');
    const to = await newPayableAccount(t, merchantId, 60_000);
    const method = await saveTestCard(t, { merchantId, ...to }, '4242424242424242', 'CREDIT');
    const request = {
      method: 'POST',
      headers: {
        authorization: `Bearer ${staff}`,
        'content-type': 'application/json',
        'idempotency-key': 'crash-retry-key',
      },
      body: JSON.stringify({ amount: '100.00', payment_method: method }),
    };

    child = forkServer(t);
    const { port } = await nextChildMessage<ServerMessage, 'ready'>(child, 'ready');
    const charged = nextChildMessage<ServerMessage, 'charged'>(child, 'charged');
    const lostAnswer = fetch(`http://127.0.0.1:${port}${transactionsPath(merchantId, to)}`, request).catch(
      (error: unknown) => error,
    );
    const { reference } = await charged;
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(await lostAnswer).toBeInstanceOf(Error);

    // The processor holds the charge; our books hold a pending payment and nothing in the ledger.
    expect(await sandboxChargesFor(t, reference)).toHaveLength(1);
    expect(await ledgerOf(t, to.accountId)).toEqual([]);
    expect(await amountDueOf(t, to.accountId)).toBe(60_000);

    // The restarted server (the test's own app, on the same database) gets the same request again.
    const retried = await t.request(transactionsPath(merchantId, to), {
      method: 'POST',
      token: staff,
      headers: { 'Idempotency-Key': 'crash-retry-key' },
      json: { amount: '100.00', payment_method: method },
    });
    expect(retried).toMatchObject({
      status: 201,
      body: { id: reference, status: 'PAID', payment: { amount_cents: 10_000, fee_cents: 295 } },
    });
    expect(await sandboxChargesFor(t, reference)).toHaveLength(1);
    expect(await ledgerOf(t, to.accountId)).toEqual([
      { kind: 'payment', amountCents: 10_000 },
      { kind: 'fee', amountCents: 295 },
    ]);
    expect(await amountDueOf(t, to.accountId)).toBe(50_000);
  });
});

function forkServer(t: TestApp): ChildProcess {
  const script = fileURLToPath(new URL('./payment-crash-server.fixture.ts', import.meta.url));
  return fork(script, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PAYLANE_CRASH_PG_CONFIG: JSON.stringify(t.database.pgConfig),
      PAYLANE_CRASH_JWT_SECRET: t.config.jwtSecret,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}
