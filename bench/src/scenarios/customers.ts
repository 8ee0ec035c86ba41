import { callerReadSql } from './caller-read-sql';
import { routeBudget, type RouteKind } from '../budget';
import type { SqlStatement } from '../sql-alone';
import type { BenchContext, Scenario } from './scenario';

// Customer list and search (issue 4) on the demo merchant, which `npm run seed:scale` gives a share of the
// volume (20,000 of 100,000 customers by default). Search terms are read from the data at prepare time, so
// each search finds real customers. The SQL-alone floor repeats what one request runs: the caller's user,
// then the merchant with the caller's membership (the access plugin), the page with its accounts, its count.

type Probe = {
  merchantId: string;
  customerIds: string[];
  phone: string;
  externalId: string;
  name: string;
  total: number;
};
let probe: Probe | null = null;
const MIN_CUSTOMERS = 10_000;

async function getJson(ctx: BenchContext, path: string) {
  const response = await fetch(`${ctx.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${ctx.admin.access}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The demo merchant's id and one of its customers to search for, read once through the API. */
async function prepareProbe(ctx: BenchContext): Promise<void> {
  if (probe) return;
  const profile = (await getJson(ctx, '/api/profile/')) as {
    results: { memberships: { merchant: { id: string } }[] }[];
  };
  const merchantId = profile.results[0]?.memberships[0]?.merchant.id;
  if (!merchantId) throw new Error('the bench admin belongs to no merchant');
  type Page = {
    count: number;
    results: { id: string; last_name: string; sms_phone_number: string | null; external_id: string | null }[];
  };
  const listPage = async (page: number) =>
    (await getJson(ctx, `/api/merchants/${merchantId}/customers/?page=${page}&page_size=50`)) as Page;
  // A customer from the middle of the list (page 40 of 400 at the §7 volume, the middle of a smaller
  // embedded data set): neither the first nor the last name alphabetically.
  const { count } = await listPage(1);
  const page = await listPage(Math.min(40, Math.max(1, Math.ceil(count / 50 / 2))));
  const sample = page.results.find((row) => row.sms_phone_number && row.external_id) ?? page.results[0];
  if (!sample?.sms_phone_number || !sample.external_id) {
    throw new Error('no customers to search: run `npm run seed:scale` against the bench database first');
  }
  if (page.count < MIN_CUSTOMERS) {
    console.warn(
      `  the demo merchant has only ${page.count} customers; seed:scale gives it 20,000 (docs/conventions.md §7 data set)`,
    );
  }
  probe = {
    merchantId,
    customerIds: page.results.map((row) => row.id),
    // (214) 203-08 style: the area code, the exchange and two digits of the line (about 100 hits).
    phone: sample.sms_phone_number.slice(2, 10),
    externalId: sample.external_id.slice(0, -1),
    name: sample.last_name.toLowerCase(),
    total: page.count,
  };
}

const need = (): Probe => {
  if (!probe) throw new Error('customer scenarios were not prepared');
  return probe;
};

const listPath = (query: string) => `/api/merchants/${need().merchantId}/customers/?${query}`;

function customerScenario(input: {
  name: string;
  kind: RouteKind;
  query: () => string;
  /** The search's match on a customer row `c` the route runs for this query, or null for the plain list. */
  search: () => { text: string; values: unknown[] } | null;
}): Scenario {
  const budget = routeBudget(input.kind);
  return {
    name: input.name,
    budget,
    connections: budget.clients,
    prepare: prepareProbe,
    request: (ctx) => ({
      method: 'GET',
      path: listPath(input.query()),
      headers: { authorization: `Bearer ${ctx.admin.access}` },
    }),
    sql: (ctx) => listSql(ctx, input.search()),
  };
}

const listedColumns = (from: string) =>
  `${from}.id, ${from}.first_name, ${from}.last_name, ${from}.external_id, ${from}.email, ${from}.sms_phone_number,
   ${from}.sms_opted_out_at, ${from}.email_opted_out_at, ${from}.created_at, l.id, l.name,
   (select coalesce(json_agg(json_build_object('id', a.id, 'external_id', a.external_id,
      'status', a.status, 'amount_due_cents', a.amount_due_cents, 'due_date', a.due_date)
      order by case when a.status in ('active', 'pending') then 0 else 1 end, a.created_at, a.id),
      '[]'::json) from accounts a where a.merchant_id = ${from}.merchant_id and a.customer_id = ${from}.id)`;

const pageColumns = `c.id, c.merchant_id, c.first_name, c.last_name, c.external_id, c.email, c.sms_phone_number,
  c.sms_opted_out_at, c.email_opted_out_at, c.created_at, c.location_id`;

/**
 * What one list request runs, in order (see customers-list.repository.ts and the access plugin): the page is
 * cut first, then its locations and accounts are read; it carries its count, from merchant_customer_counts
 * for the whole list, from the search's hits (read once) for a search.
 */
function listSql(ctx: BenchContext, search: { text: string; values: unknown[] } | null): SqlStatement[] {
  const { merchantId } = need();
  const searchValues = search?.values ?? [];
  const n = searchValues.length;
  const byName = (from: string) => `${from}.last_name, ${from}.first_name, ${from}.id`;
  const page: SqlStatement = search
    ? {
        text: `with hits as (
                 select ${pageColumns} from customers c
                 where c.merchant_id = $1 and c.voided_at is null and (${search.text}))
               select ${listedColumns('p')}, (select count(*) from hits)
               from (select * from hits c order by ${byName('c')} limit $${n + 2}) p
               left join locations l on l.id = p.location_id order by ${byName('p')}`,
        values: [merchantId, ...searchValues, 50],
      }
    : {
        // Prepared, as the route prepares the unfiltered list (customers-list.repository.ts prepareAllLive).
        name: 'bench_customer_list',
        text: `select ${listedColumns('p')},
                 (select live_customers from merchant_customer_counts where merchant_id = $1)
               from (select ${pageColumns} from customers c where c.merchant_id = $1 and c.voided_at is null
                     order by ${byName('c')} limit $2) p
               left join locations l on l.id = p.location_id order by ${byName('p')}`,
        values: [merchantId, 50],
      };
  return [callerReadSql(ctx, merchantId), page];
}

export const customerList = customerScenario({
  name: 'GET customers/ (list, by last name)',
  kind: 'list',
  query: () => 'page=1&page_size=50',
  search: () => null,
});

export const customerSearchByPhone = customerScenario({
  name: 'GET customers/?field=phone',
  kind: 'search-phone',
  query: () => `field=phone&search=${encodeURIComponent(need().phone)}`,
  search: () => ({
    text: `c.voided_at is null and c.sms_phone_number like $2`,
    values: [`+1${need().phone}%`],
  }),
});

export const customerSearchByExternalId = customerScenario({
  name: 'GET customers/?field=external_id',
  kind: 'search-id',
  query: () => `field=external_id&search=${encodeURIComponent(need().externalId)}`,
  search: () => ({
    text: `lower(c.external_id) like $2
           or c.id = any(array(select customer_id from accounts where merchant_id = $1 and lower(external_id) like $2))`,
    values: [
      `${need()
        .externalId.toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    ],
  }),
});

export const customerSearchByName = customerScenario({
  name: 'GET customers/?field=name',
  kind: 'search-name',
  query: () => `field=name&search=${encodeURIComponent(need().name)}`,
  search: () => ({
    text: `lower(c.first_name || ' ' || c.last_name) like $2`,
    values: [`%${need().name}%`],
  }),
});

const detailBudget = routeBudget('detail');
/** The customer the detail opens: the first of the probe's page. */
const detailCustomerId = () => need().customerIds[0] ?? '';

/** The customer with their location's name, prepared (customers.repository.ts customerRowStatement). */
const customerRowSql = (merchantId: string, id: string): SqlStatement => ({
  name: 'bench_customer_row',
  text: `select c.*, l.id, l.name from customers c left join locations l on l.id = c.location_id
         where c.merchant_id = $1 and c.id = $2 limit $3`,
  values: [merchantId, id, 1],
});

/**
 * The accounts they hold, then those they co-borrow, each with its primary borrower, location, tags and
 * co-borrowers, prepared (accounts.repository.ts accountsOfCustomerStatement, listAccountsOfCustomer).
 */
const accountsOfCustomerSql = (merchantId: string, id: string): SqlStatement => ({
  name: 'bench_accounts_of_customer',
  text: `select a.*, p.id, p.first_name, p.last_name, p.external_id, p.sms_phone_number, l.id, l.name,
      (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id), '[]'::json)
       from account_tag_links tl join account_tags t on t.id = tl.tag_id
       where tl.merchant_id = a.merchant_id and tl.account_id = a.id),
      (select coalesce(json_agg(json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name,
         'externalId', c.external_id, 'smsPhoneNumber', c.sms_phone_number) order by b.created_at, c.id), '[]'::json)
       from account_co_borrowers b join customers c on c.id = b.customer_id
       where b.merchant_id = a.merchant_id and b.account_id = a.id)
    from accounts a
    join customers p on p.id = a.customer_id
    left join locations l on l.id = a.location_id
    where a.merchant_id = $1 and a.id in (
      select id from accounts where merchant_id = $2 and customer_id = $3
      union all select account_id from account_co_borrowers where merchant_id = $4 and customer_id = $5)
    order by a.customer_id = $6 desc, case when a.status in ('active', 'pending') then 0 else 1 end,
      a.created_at, a.id`,
  values: [merchantId, merchantId, id, merchantId, id, id],
});

/**
 * What one detail request runs (customers.service.ts findCustomer): the caller read, then the customer and their
 * accounts. The route sends those two side by side on two pooled connections, so it waits for the slower of
 * them; sent here one after the other on one client, the floor waits for both, a little above the route's.
 */
function detailSql(ctx: BenchContext): SqlStatement[] {
  const { merchantId } = need();
  const id = detailCustomerId();
  return [
    callerReadSql(ctx, merchantId),
    customerRowSql(merchantId, id),
    accountsOfCustomerSql(merchantId, id),
  ];
}

export const customerDetail: Scenario = {
  name: 'GET customers/{id}/ (detail)',
  budget: detailBudget,
  connections: detailBudget.clients,
  prepare: prepareProbe,
  request: (ctx) => ({
    method: 'GET',
    path: `/api/merchants/${need().merchantId}/customers/${detailCustomerId()}/`,
    headers: { authorization: `Bearer ${ctx.admin.access}` },
  }),
  sql: detailSql,
};

export const customerScenarios = [
  customerList,
  customerSearchByPhone,
  customerSearchByExternalId,
  customerSearchByName,
  customerDetail,
];
