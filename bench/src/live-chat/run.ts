// `npm run bench:live-chat`: live chat (issue 6) on a started server (docs/conventions.md §7: a message reaches another
// open browser within 100 ms p99; 1,000 open sockets on one process).
//   (a) delivery latency: one chat socket, customer replies injected through the dev route at a steady
//       rate; time from the POST to the socket's event, p50/p99;
//   (b) 1,000 chat sockets on one process, each its own customer, all authenticated: the server's RSS
//       before and after, and a broadcast (one mass text to all of them) reaching every socket;
//   (c) (a) again while the 1,000 sockets stay open.
//   BENCH_DATABASE_URL   measure on PostgreSQL; unset: a fresh embedded PGlite
//   BENCH_LIVE_SOCKETS   sockets in (b) (default 1000)
//   BENCH_LIVE_REPLIES   replies in (a) and (c) (default 1000), BENCH_LIVE_RATE per second (default 20), after
//                        a warm-up of 50 that is not counted
//   BENCH_PORT           port of the server under test (default 3210)
import { randomUUID } from 'node:crypto';
import { buildImportFile } from '../customer-import/import-file';
import { call, importOnce, signInDemoAdmin } from '../customer-import/import-through-api';
import { startServer } from '../server';
import { closeAll, openChatSocket, openChatSockets, percentile, type LiveEvent } from './live-sockets';
import { findServerPid, residentMb } from './server-memory';

const LATENCY_TARGET_MS = 100;
type Customer = { id: string; phone: string };
type Page = {
  next: string | null;
  results: { id: string; sms_phone_number: string | null; sms_opted_out: boolean }[];
};

async function textableCustomers(baseUrl: string, token: string, merchantId: string, wanted: number) {
  const found: Customer[] = [];
  for (let page = 1; found.length < wanted; page++) {
    const path = `/api/merchants/${merchantId}/customers/?page=${page}&page_size=1000`;
    const answer = await call<Page>(baseUrl, token, path);
    for (const row of answer.results)
      if (row.sms_phone_number && !row.sms_opted_out) found.push({ id: row.id, phone: row.sms_phone_number });
    if (!answer.next) break;
  }
  return found.slice(0, wanted);
}

const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/** (a) and (c): replies posted at `rate` per second; ms from each POST until its event on the socket. */
async function measureLatency(input: {
  baseUrl: string;
  wsBase: string;
  token: string;
  customer: Customer;
  count: number;
  rate: number;
}) {
  const postedAt = new Map<string, number>();
  const latencies: number[] = [];
  const answered: number[] = [];
  let allArrived = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  const bench = await openChatSocket(input.wsBase, input.token, input.customer.id, (event: LiveEvent) => {
    const at = event.type === 'message' ? postedAt.get(event.message?.body ?? '') : undefined;
    if (at === undefined) return;
    postedAt.delete(event.message!.body);
    latencies.push(performance.now() - at);
    if (latencies.length === input.count) allArrived();
  });
  const tag = randomUUID().slice(0, 8);
  const started = performance.now();
  const posts: Promise<void>[] = [];
  for (let i = 0; i < input.count; i++) {
    await sleepUntil(started + (i * 1000) / input.rate);
    const body = `bench ${tag} reply ${i}`;
    const at = performance.now();
    postedAt.set(body, at);
    posts.push(
      fetch(`${input.baseUrl}/api/dev/outbox/sms/inbound/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: input.customer.phone, body }),
      }).then(async (response) => {
        if (response.status !== 201)
          throw new Error(`inbound: HTTP ${response.status} ${await response.text()}`);
        answered.push(performance.now() - at);
      }),
    );
  }
  await Promise.all(posts);
  await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  await closeAll([bench]);
  const byNumber = (a: number, b: number) => a - b;
  return {
    sorted: latencies.sort(byNumber),
    answered: answered.sort(byNumber),
    lost: input.count - latencies.length,
  };
}

/** (b): a mass text to every socket's customer; ms from the POST until each socket hears its text. */
async function broadcast(baseUrl: string, token: string, merchantId: string, customerIds: string[]) {
  const started = performance.now();
  const accepted = await call<{ batch_id: string; queued: number }>(
    baseUrl,
    token,
    `/api/merchants/${merchantId}/customers/send_customers_message/`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        message: `Live bench broadcast ${randomUUID().slice(0, 8)} to {{first_name}}`,
        customers: customerIds,
        batch_name: `live bench ${new Date().toISOString()}`,
        is_csv_imported: false,
      }),
    },
  );
  return { started, queued: accepted.queued, acceptMs: performance.now() - started };
}

function row(label: string, value: string, verdict = ''): void {
  console.log(`  ${label.padEnd(58)} ${value.padStart(16)}  ${verdict}`);
}

type Latency = { sorted: number[]; answered: number[]; lost: number };

function printLatency(label: string, result: Latency, rate: number) {
  const p99 = percentile(result.sorted, 99);
  const answer = [50, 99].map((p) => percentile(result.answered, p).toFixed(1)).join(' / ');
  const isOk = p99 < LATENCY_TARGET_MS && result.lost === 0;
  row(
    `${label}: ${result.sorted.length} replies at ${rate}/s, p50`,
    `${percentile(result.sorted, 50).toFixed(1)} ms`,
  );
  row(`${label}: p99 (target < ${LATENCY_TARGET_MS} ms)`, `${p99.toFixed(1)} ms`, isOk ? '✓' : '✗');
  row(`${label}: max / not delivered`, `${result.sorted.at(-1)?.toFixed(1)} ms / ${result.lost}`);
  // What the route itself takes (receiving and storing the reply) is part of the above.
  row(`${label}: the POST's own answer p50 / p99`, `${answer} ms`);
  return isOk;
}

async function main(): Promise<number> {
  const socketsWanted = Number(process.env.BENCH_LIVE_SOCKETS ?? 1000);
  const replies = Number(process.env.BENCH_LIVE_REPLIES ?? 1000);
  const rate = Number(process.env.BENCH_LIVE_RATE ?? 20);
  const port = Number(process.env.BENCH_PORT ?? 3210);
  const server = await startServer({ port, databaseUrl: process.env.BENCH_DATABASE_URL || undefined });
  const pid = findServerPid(port);
  const wsBase = server.baseUrl.replace(/^http/, 'ws');
  console.log(`Server ready at ${server.baseUrl} (pid ${pid}); database: ${server.database}`);
  try {
    const { access, merchantId } = await signInDemoAdmin(server.baseUrl);
    let customers = await textableCustomers(server.baseUrl, access, merchantId, socketsWanted + 1);
    if (customers.length < socketsWanted + 1) {
      console.log(`Importing ${socketsWanted + 1} customers into the demo merchant…`);
      await importOnce(server.baseUrl, access, merchantId, buildImportFile(socketsWanted + 1));
      customers = await textableCustomers(server.baseUrl, access, merchantId, socketsWanted + 1);
    }
    const [talker, ...crowd] = customers;
    const base = { baseUrl: server.baseUrl, wsBase, token: access, customer: talker!, count: replies, rate };
    console.log('\n(a) delivery latency, one socket (after a warm-up)');
    await measureLatency({ ...base, count: 50 });
    const quiet = await measureLatency(base);

    console.log(`\n(b) ${crowd.length} sockets on one process`);
    const rssBefore = residentMb(pid);
    const heard = new Map<string, number>();
    let marker = '\u0000';
    const openStarted = performance.now();
    const sockets = await openChatSockets(
      wsBase,
      access,
      crowd.map((c) => c.id),
      (event, customerId) => {
        if (event.type === 'message' && event.message?.body.startsWith(marker) && !heard.has(customerId))
          heard.set(customerId, performance.now());
      },
    );
    const openSeconds = (performance.now() - openStarted) / 1000;
    const rssOpen = residentMb(pid);
    marker = 'Live bench broadcast';
    const sent = await broadcast(
      server.baseUrl,
      access,
      merchantId,
      crowd.map((c) => c.id),
    );
    const deadline = performance.now() + 60_000;
    while (heard.size < sent.queued && performance.now() < deadline) await sleepUntil(performance.now() + 50);
    const reach = [...heard.values()].map((at) => at - sent.started).sort((a, b) => a - b);
    const rssAfter = residentMb(pid);
    row('sockets open and caught up (authenticated handshakes)', `${sockets.length}`);
    row('time to open them all (50 handshakes at a time)', `${openSeconds.toFixed(2)} s`);
    row('server RSS before / with the sockets open', `${rssBefore.toFixed(0)} / ${rssOpen.toFixed(0)} MB`);
    row('server RSS per socket', `${(((rssOpen - rssBefore) * 1024) / sockets.length).toFixed(1)} KB`);
    row('broadcast: one mass text to all, accepted in', `${sent.acceptMs.toFixed(0)} ms`);
    const isAllReached = heard.size === sent.queued && sockets.length === crowd.length;
    row(
      `broadcast: sockets that heard their text / queued`,
      `${heard.size} / ${sent.queued}`,
      isAllReached ? '✓' : '✗',
    );
    row(
      'broadcast: POST → socket p50 / p99 / last',
      `${[50, 99, 100].map((p) => percentile(reach, p).toFixed(0)).join(' / ')} ms`,
    );
    row('server RSS after the broadcast', `${rssAfter.toFixed(0)} MB`);

    console.log(`\n(c) delivery latency with the ${sockets.length} sockets open`);
    const loaded = await measureLatency(base);
    await closeAll(sockets);

    console.log(`\nResults (${server.database})`);
    const isQuietOk = printLatency('(a) one socket', quiet, rate);
    const isLoadedOk = printLatency(`(c) ${sockets.length} sockets open`, loaded, rate);
    return isQuietOk && isLoadedOk && isAllReached ? 0 : 1;
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
