import { callerReadSql } from './caller-read-sql';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { SAMPLE_LAST_NAMES } from '../../../apps/api/src/db/seed/sample-names';
import { routeBudget } from '../budget';
import type { SqlStatement } from '../sql-alone';
import type { BenchContext, Scenario } from './scenario';

// The payment report (issue 16) on the demo merchant, which `npm run seed:scale` gives 20 % of the 1,000,000
// transactions (about 200,000), and taking a payment with a saved card through the sandbox processor. The
// search term is the seeded customers' most common last name.

type Probe = { merchantId: string; name: string };
let probe: Probe | null = null;
/** What "garcia" finds on the demo merchant after seed:scale (about 14,000 of its 200,000 payments). */
const MIN_SEARCHED_PAYMENTS = 10_000;

async function getJson<T>(ctx: BenchContext, path: string): Promise<T> {
  const response = await fetch(`${ctx.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${ctx.admin.access}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

async function prepareProbe(ctx: BenchContext): Promise<void> {
  if (probe) return;
  const profile = await getJson<{ results: { memberships: { merchant: { id: string } }[] }[] }>(
    ctx,
    '/api/profile/',
  );
  const merchantId = profile.results[0]?.memberships[0]?.merchant.id;
  if (!merchantId) throw new Error('the bench admin belongs to no merchant');
  // The seeded customers' most common last name (about 1,400 customers of the merchant at scale, the demo's
  // Maria Garcia without it), the same in every run: the newest payment's customer, the choice before, was
  // often the take-payment scenario's own "Payer 4", whose handful of payments made a different search.
  const name = SAMPLE_LAST_NAMES[0]!.toLowerCase();
  const page = await getJson<{ count: number }>(
    ctx,
    `/api/merchants/${merchantId}/report-transactions/?page_size=1&like=${encodeURIComponent(name)}`,
  );
  if (page.count === 0)
    throw new Error('no payments to report: run `npm run seed:scale` against the bench database first');
  if (page.count < MIN_SEARCHED_PAYMENTS) {
    console.warn(`  "${name}" finds only ${page.count} payments; seed:scale gives it about 14,000`);
  }
  probe = { merchantId, name };
}

const need = (): Probe => {
  if (!probe) throw new Error('payment scenarios were not prepared');
  return probe;
};

/** The search's keys, the route's first statement for `like` (payment-report.repository.ts keyed). */
const searchKeysSql = `select array(select c.id from customers c where c.merchant_id = $1
      and (lower(c.first_name || ' ' || c.last_name) like $2 or lower(c.external_id) like $3))::text as customer_ids,
    array(select a.id from accounts a where a.merchant_id = $1 and lower(a.external_id) like $3)::text as account_ids`;

/** Each key list as PostgreSQL writes a uuid[] ('{…}'), which the route passes back unparsed. */
type SearchKeys = { customerIds: string; accountIds: string };
const NO_IDS = '{}';
let searchKeys: SearchKeys | null = null;

const likeValues = (like: string) => [`%${like}%`, `${like}%`];

/** The keys the route's second statement is sent with, found once as its first statement finds them. */
async function prepareSearchKeys(ctx: BenchContext): Promise<void> {
  await prepareProbe(ctx);
  if (searchKeys || !ctx.databaseUrl) return;
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    const { merchantId, name } = need();
    const { rows } = await client.query<{ customer_ids: string; account_ids: string }>(searchKeysSql, [
      merchantId,
      ...likeValues(name),
    ]);
    searchKeys = { customerIds: rows[0]?.customer_ids ?? NO_IDS, accountIds: rows[0]?.account_ids ?? NO_IDS };
  } finally {
    await client.end();
  }
}

/**
 * The route's page statement (payment-report.repository.ts selectReport): the page's payments and whose
 * they are. Without the count: the route counts a filter once, and while its count is remembered as capped
 * (payment-report.service.ts ReportCounting) each request reads the page alone, as every request of a
 * scenario after its first does.
 */
const pageSql = (where: string) => `select p.*, c.first_name, c.last_name, c.external_id,
    a.external_id, u.first_name, u.last_name, p.created_at::text
  from (select * from payments where ${where} order by created_at desc, id desc limit 50) p
  left join customers c on c.merchant_id = p.merchant_id and c.id = p.customer_id
  left join accounts a on a.merchant_id = p.merchant_id and a.id = p.account_id
  left join users u on u.id = p.created_by_user_id
  order by p.created_at desc, p.id desc`;

/** With a search: each key list bound as one array, a list that found nothing left out. */
function searchedPage(merchantId: string, { customerIds, accountIds }: SearchKeys): SqlStatement {
  const values: unknown[] = [merchantId];
  const bind = (ids: string) => `$${values.push(ids)}::uuid[]`;
  const byCustomer = customerIds !== NO_IDS ? `customer_id = any(${bind(customerIds)})` : null;
  const byAccount = accountIds !== NO_IDS ? `account_id = any(${bind(accountIds)})` : null;
  const searched = [byCustomer, byAccount].filter(Boolean).join(' or ') || 'false';
  return { text: pageSql(`merchant_id = $1 and (${searched})`), values };
}

/** What one report request runs, in order: the access plugin's caller read, the search's keys, then the page. */
function reportSql(ctx: BenchContext, like: string | null): SqlStatement[] {
  const { merchantId } = need();
  const access = callerReadSql(ctx, merchantId);
  // Unfiltered, the route's page is prepared (payment-report.repository.ts prepareUnfilteredPage).
  const page = { name: 'bench_report_unfiltered', text: pageSql('merchant_id = $1'), values: [merchantId] };
  if (!like) return [access, page];
  if (!searchKeys) throw new Error('the search scenario was not prepared');
  return [
    access,
    { text: searchKeysSql, values: [merchantId, ...likeValues(like)] },
    searchedPage(merchantId, searchKeys),
  ];
}

function reportScenario(input: {
  name: string;
  query: () => string;
  like: () => string | null;
  prepare?: (ctx: BenchContext) => Promise<void>;
}): Scenario {
  // §7: "report pages and search as lists".
  const budget = routeBudget('report');
  return {
    name: input.name,
    budget,
    connections: budget.clients,
    prepare: input.prepare ?? prepareProbe,
    request: (ctx) => ({
      method: 'GET',
      path: `/api/merchants/${need().merchantId}/report-transactions/?${input.query()}`,
      headers: { authorization: `Bearer ${ctx.admin.access}` },
    }),
    sql: (ctx) => reportSql(ctx, input.like()),
  };
}

export const reportPage = reportScenario({
  name: 'GET report-transactions/ (page 1)',
  query: () => 'page=1&page_size=50',
  like: () => null,
});

export const reportSearch = reportScenario({
  name: 'GET report-transactions/?like=name',
  query: () => `page=1&page_size=50&like=${encodeURIComponent(need().name)}`,
  like: () => need().name,
  prepare: prepareSearchKeys,
});

// Taking a payment: each request a new Idempotency-Key, a saved Visa credit card (4242…, succeeds) charged
// through the sandbox processor, spread over PAYERS accounts so payments do not all queue on one account's
// row. The card is saved as the sandbox's hosted entry would save it (sandbox_processor_methods plus a
// payment_methods row holding only its token), which needs the database: PostgreSQL runs only.
const PAYERS = 50;
let payerPaths: string[] = [];
let payerCustomerIds: string[] = [];
let payerBodies: string[] = [];
let sent = 0;

async function preparePayers(ctx: BenchContext): Promise<void> {
  await prepareProbe(ctx);
  if (payerPaths.length > 0) return;
  if (!ctx.databaseUrl) throw new Error('take-payment needs BENCH_DATABASE_URL');
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    const { merchantId } = need();
    const { rows: methods } = await client.query<{ customer_id: string; method_id: string }>(
      `with payer as (
         insert into customers (merchant_id, first_name, last_name, external_id)
         select $1, 'Bench', 'Payer ' || g, 'BENCH-' || $2 || '-' || g from generate_series(1, $3) g
         returning id, merchant_id),
       account as (
         insert into accounts (merchant_id, customer_id, amount_due_cents)
         select merchant_id, id, 100000000000 from payer returning id, customer_id),
       method as (
         insert into sandbox_processor_methods (token, processor_account_id, kind, brand, funding, last4,
           exp_month, exp_year, outcome)
         select 'sbx_pm_bench_' || replace(a.customer_id::text, '-', ''), '', 'card', 'visa', 'credit', '4242',
           12, 2031, '{"status":"succeeded"}'::jsonb
         from account a returning token)
       insert into payment_methods (merchant_id, customer_id, payment_type, card_type, masked_card_number,
         processor, processor_account_id, processor_token, funding)
       select $1, a.customer_id, 'CREDIT', 'VISA', '************4242', 'sandbox', '',
         'sbx_pm_bench_' || replace(a.customer_id::text, '-', ''), 'credit'
       from account a
       returning customer_id, id as method_id`,
      [merchantId, Date.now().toString(36), PAYERS],
    );
    const { rows: accounts } = await client.query<{ id: string; customer_id: string }>(
      'select id, customer_id from accounts where customer_id = any($1::uuid[])',
      [methods.map((row) => row.customer_id)],
    );
    const accountOf = new Map(accounts.map((row) => [row.customer_id, row.id]));
    payerPaths = methods.map(
      (row) =>
        `/api/merchants/${merchantId}/customers/${row.customer_id}/accounts/${accountOf.get(row.customer_id)}/transactions/`,
    );
    payerBodies = methods.map((row) => JSON.stringify({ amount: '25.00', payment_method: row.method_id }));
    payerCustomerIds = methods.map((row) => row.customer_id);
  } finally {
    await client.end();
  }
}

/**
 * This run's payers' payments, dated back out of the report's way. Left as they were made, they were the
 * merchant's newest, and they piled up run after run in front of the report search's walk of the newest
 * payments: after a day of runs "garcia" skipped 16,840 of them to fill its page (9.5 ms, against 0.8 ms on
 * the seeded data), so every run measured a slower search than the one before.
 */
async function backdatePayersPayments(ctx: BenchContext): Promise<void> {
  if (!ctx.databaseUrl || payerCustomerIds.length === 0) return;
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update payments set created_at = created_at - interval '30 years'
       where merchant_id = $1 and customer_id = any($2::uuid[])`,
      [need().merchantId, payerCustomerIds],
    );
  } finally {
    await client.end();
  }
}

// No §7 budget: issue 16 reports its payments/s (req/s) and p99 at 10 clients.
export const takePayment: Scenario = {
  name: 'POST transactions/ (take payment, sandbox card)',
  connections: 10,
  requiresDatabaseUrl: true,
  prepare: preparePayers,
  finish: backdatePayersPayments,
  request: (ctx) => ({
    method: 'POST',
    path: payerPaths[0] ?? '/',
    headers: { authorization: `Bearer ${ctx.admin.access}`, 'content-type': 'application/json' },
    body: payerBodies[0],
    requests: [
      {
        setupRequest: (request) => {
          const k = sent++ % payerPaths.length;
          return {
            ...request,
            path: payerPaths[k],
            body: payerBodies[k],
            headers: { ...request.headers, 'idempotency-key': randomUUID() },
          };
        },
      },
    ],
  }),
};

export const paymentScenarios = [reportPage, reportSearch, takePayment];
