// `npm run bench:mass-text`: a mass text of issue 5 through the API on a started server. It fills the demo
// merchant with customers through the CSV import (skipped when it already has enough), then measures
//   1. accepting the batch: POST send_customers_message with every customer id (docs/conventions.md §7: 100,000
//      recipients under 5 s), and
//   2. dispatching it through the offline outbox provider: from the accept until nothing is pending
//      (docs/conventions.md §7: over 1,000 messages/s).
//   BENCH_DATABASE_URL    measure on PostgreSQL; unset: a fresh embedded PGlite
//   BENCH_RECIPIENTS      customers texted (default 100000)
//   BENCH_PORT            port of the server under test (default 3200)
import { randomUUID } from 'node:crypto';
import { buildImportFile } from '../customer-import/import-file';
import { call, importOnce, signInDemoAdmin } from '../customer-import/import-through-api';
import { startServer } from '../server';

const ACCEPT_TARGET_SECONDS = 5;
const DISPATCH_TARGET_PER_SECOND = 1000;

type Page<T> = { count: number; next: string | null; results: T[] };
type BatchCounts = Record<'pending' | 'queued' | 'sent' | 'delivered' | 'failed' | 'canceled', number>;

async function customerIds(baseUrl: string, token: string, merchantId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await call<Page<{ id: string; sms_phone_number: string | null }>>(
      baseUrl,
      token,
      `/api/merchants/${merchantId}/customers/?page=${page}&page_size=1000`,
    );
    for (const customer of answer.results) if (customer.sms_phone_number) ids.push(customer.id);
    if (!answer.next) return ids;
  }
}

/** Sends all day: the bench measures throughput, not the merchant's quiet hours. */
async function openQuietHours(baseUrl: string, token: string, merchantId: string): Promise<void> {
  const path = `/api/merchants/${merchantId}/settings/`;
  const settings = await call<Record<string, unknown>>(baseUrl, token, path);
  const { name, email, phone, website, time_zone, min_payment_amount_cents, max_payment_amount_cents } =
    settings;
  await call(baseUrl, token, path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...{ name, email, phone, website, time_zone, min_payment_amount_cents, max_payment_amount_cents },
      quiet_hours_start: '23:59',
      quiet_hours_end: '00:00',
    }),
  });
}

async function waitForDispatch(baseUrl: string, token: string, batchPath: string) {
  for (;;) {
    const batch = await call<{ counts: BatchCounts }>(baseUrl, token, batchPath);
    if (batch.counts.pending === 0) return { at: performance.now(), counts: batch.counts };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main(): Promise<number> {
  const wanted = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
  const server = await startServer({
    port: Number(process.env.BENCH_PORT ?? 3200),
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  });
  console.log(`Server ready at ${server.baseUrl}; database: ${server.database}`);
  try {
    const { access, merchantId } = await signInDemoAdmin(server.baseUrl);
    let ids = await customerIds(server.baseUrl, access, merchantId);
    if (ids.length < wanted) {
      console.log(`The demo merchant has ${ids.length} customers with a phone; importing ${wanted} more…`);
      await importOnce(server.baseUrl, access, merchantId, buildImportFile(wanted));
      ids = await customerIds(server.baseUrl, access, merchantId);
    }
    const recipients = ids.slice(0, wanted);
    await openQuietHours(server.baseUrl, access, merchantId);

    const started = performance.now();
    const accepted = await call<{ batch_id: string; queued: number; skipped: number }>(
      server.baseUrl,
      access,
      `/api/merchants/${merchantId}/customers/send_customers_message/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          message: 'Hi {{first_name}}, your payment of {{amount_due}} is due {{due_date}}.',
          customers: recipients,
          batch_name: `bench ${new Date().toISOString()}`,
          is_csv_imported: false,
        }),
      },
    );
    const acceptSeconds = (performance.now() - started) / 1000;
    const batchPath = `/api/merchants/${merchantId}/message_batches/${accepted.batch_id}/`;
    const dispatched = await waitForDispatch(server.baseUrl, access, batchPath);
    const dispatchSeconds = (dispatched.at - started) / 1000;
    const perSecond = accepted.queued / dispatchSeconds;

    console.log(
      `\nrecipients sent: ${recipients.length}; queued ${accepted.queued}, skipped ${accepted.skipped}`,
    );
    console.log(`  accept (POST send_customers_message)  ${acceptSeconds.toFixed(2).padStart(7)} s`);
    console.log(`  accept → nothing pending               ${dispatchSeconds.toFixed(2).padStart(7)} s`);
    console.log(`  dispatch rate                          ${perSecond.toFixed(0).padStart(7)} messages/s`);
    console.log(`  counts at the end: ${JSON.stringify(dispatched.counts)}`);
    const isAcceptOk = acceptSeconds < ACCEPT_TARGET_SECONDS;
    const isDispatchOk = perSecond > DISPATCH_TARGET_PER_SECOND;
    console.log(`  ${isAcceptOk ? '✓' : '✗'} target: accept under ${ACCEPT_TARGET_SECONDS} s`);
    console.log(`  ${isDispatchOk ? '✓' : '✗'} target: over ${DISPATCH_TARGET_PER_SECOND} messages/s`);
    return isAcceptOk && isDispatchOk ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
