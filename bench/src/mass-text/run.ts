// `npm run bench:mass-text`: a mass text of issue 5 through the API on a started server. It fills the demo
// merchant with customers through the CSV import (skipped when it already has enough), then measures, in one
// run, against docs/conventions.md §7 (budget.ts):
//   1. the bare route GET /api/health/ for a few seconds: whether the machine is quiet enough for the
//      absolute figures (20k req/s or more);
//   2. on PostgreSQL, the accept's INSERT … SELECT alone for the same recipients, rolled back;
//   3. accepting the batch: POST send_customers_message with every customer id (at most 1.5× the SQL alone;
//      100,000 recipients under 5 s on a quiet machine), and
//   4. dispatching it through the offline outbox provider: from the accept until nothing is pending
//      (over 1,000 messages/s).
// It prints them in the table style of `npm run bench` and writes bench/results/mass-text-<timestamp>.json.
//   BENCH_DATABASE_URL    measure on PostgreSQL; unset: a fresh embedded PGlite (no SQL alone)
//   BENCH_DATA_DIR        reuse this DATA_DIR (a prepared embedded database) instead of a fresh one
//   BENCH_RECIPIENTS      customers texted (default 100000)
//   BENCH_PORT            port of the server under test (default 3200)
import { randomUUID } from 'node:crypto';
import { checkCell, describeSummary, judgeMassText, summarize, type Check } from '../budget';
import { buildImportFile } from '../customer-import/import-file';
import { call, importOnce, signInDemoAdmin } from '../customer-import/import-through-api';
import { measure } from '../measure';
import { printTable, writeResults } from '../report';
import { bareRoute } from '../scenarios/health';
import { startServer } from '../server';
import { BENCH_MESSAGE, timeInsertSelectAlone } from './insert-select-alone';

const BARE_ROUTE_SECONDS = 3;

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
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3200), databaseUrl });
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

    console.log(`Measuring the bare route (${bareRoute.connections} connections, ${BARE_ROUTE_SECONDS} s)…`);
    // The bare route reads nothing of the context but its address.
    const bare = await measure(
      bareRoute,
      { baseUrl: server.baseUrl, admin: { email: '', password: '', access, userId: '' }, databaseUrl },
      BARE_ROUTE_SECONDS,
    );
    // Before the accept, while the server is idle; both read the recipients the id pages just read.
    const sqlAlone = databaseUrl
      ? await timeInsertSelectAlone({
          databaseUrl,
          merchantId,
          senderUserId: userIdOf(access),
          customerIds: recipients,
        })
      : null;

    const started = performance.now();
    const accepted = await call<{ batch_id: string; queued: number; skipped: number }>(
      server.baseUrl,
      access,
      `/api/merchants/${merchantId}/customers/send_customers_message/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          message: BENCH_MESSAGE,
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
    const dispatchPerSecond = accepted.queued / dispatchSeconds;

    const checks = judgeMassText({
      recipients: recipients.length,
      acceptSeconds,
      sqlAloneSeconds: sqlAlone?.seconds ?? null,
      dispatchPerSecond,
      bareRequestsPerSecond: bare.requestsPerSecond,
    });
    console.log(
      `\nDatabase: ${server.database}; recipients sent: ${recipients.length}; queued ${accepted.queued}, ` +
        `skipped ${accepted.skipped}; bare route ${bare.requestsPerSecond.toFixed(0)} req/s, ` +
        `p99 ${bare.latencyMs.p99.toFixed(1)} ms.`,
    );
    printMassTextTable({ recipients: recipients.length, acceptSeconds, sqlAlone, dispatchPerSecond, checks });
    console.log(`counts at the end: ${JSON.stringify(dispatched.counts)}`);
    const isSqlAloneAlike = !sqlAlone || sqlAlone.rows === accepted.queued;
    if (!isSqlAloneAlike) {
      console.error(
        `✗ the SQL alone wrote ${sqlAlone?.rows} rows, the accept queued ${accepted.queued}: ` +
          'bench/src/mass-text/insert-select-alone.ts no longer matches mass-text.repository.ts',
      );
    }
    const summary = summarize(checks);
    console.log(describeSummary(summary));
    const resultsFile = writeResults(
      {
        database: server.database,
        recipients: recipients.length,
        queued: accepted.queued,
        skipped: accepted.skipped,
        bare: { requestsPerSecond: bare.requestsPerSecond, latencyMs: bare.latencyMs },
        acceptSeconds,
        sqlAlone,
        dispatchSeconds,
        dispatchPerSecond,
        countsAtTheEnd: dispatched.counts,
        checks,
        budgetSummary: summary,
      },
      'mass-text-',
    );
    console.log(`Results written to ${resultsFile}`);
    return summary.failed === 0 && isSqlAloneAlike ? 0 : 1;
  } finally {
    await server.stop();
  }
}

function printMassTextTable(input: {
  recipients: number;
  acceptSeconds: number;
  sqlAlone: { seconds: number } | null;
  dispatchPerSecond: number;
  checks: Check[];
}): void {
  const check = (name: string) => checkCell(input.checks.find((c) => c.name === name));
  const ratio = input.sqlAlone ? (input.acceptSeconds / input.sqlAlone.seconds).toFixed(2) : '–';
  printTable(
    ['figure', 'value', 'SQL alone', '×SQL alone', 'budget ×SQL alone', 'budget'],
    [
      [
        `accept ${input.recipients} recipients (POST send_customers_message)`,
        `${input.acceptSeconds.toFixed(2)} s`,
        input.sqlAlone ? `${input.sqlAlone.seconds.toFixed(2)} s` : '–',
        ratio,
        check('accept ×SQL alone'),
        check('accept s'),
      ],
      [
        'dispatch (accept → nothing pending)',
        `${input.dispatchPerSecond.toFixed(0)} msg/s`,
        '–',
        '–',
        '–',
        check('dispatch msg/s'),
      ],
    ],
  );
}

/** The signed-in user's id, from the access token's payload (the SQL alone writes it as the sender). */
function userIdOf(access: string): string {
  const payload = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return String(payload.user_id);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
