import { escapeLike } from '../../../apps/api/src/kit/like';
import { routeBudget, type RouteKind } from '../budget';
import type { SqlStatement } from '../sql-alone';
import { callerReadSql } from './caller-read-sql';
import type { BenchContext, Scenario } from './scenario';

// The inbox and chat pages (issue 6) on the demo merchant, which `npm run seed:scale` gives 20,000 customers
// with 10 texts each (docs/conventions.md §7: 100,000 customers / 1,000,000 messages in all). Search terms are read
// from the inbox itself at prepare time, so each search finds real conversations. The SQL-alone floor repeats
// what one request runs: the caller read (the access plugin), then the page.

type Probe = { merchantId: string; customerId: string; phone: string; externalId: string; name: string };
let probe: Probe | null = null;

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
  const inbox = await getJson<{ results: { customer_id: string }[] }>(
    ctx,
    `/api/merchants/${merchantId}/inbox/?page_size=100`,
  );
  // A conversation from the middle of the first pages, with a phone and a customer id to search for.
  for (const entry of inbox.results.slice(40)) {
    const customer = await getJson<{
      first_name: string;
      last_name: string;
      external_id: string | null;
      sms_phone_number: string | null;
    }>(ctx, `/api/merchants/${merchantId}/customers/${entry.customer_id}/`);
    if (!customer.sms_phone_number || !customer.external_id) continue;
    probe = {
      merchantId,
      customerId: entry.customer_id,
      phone: customer.sms_phone_number.slice(2, 10),
      externalId: customer.external_id.slice(0, -1),
      name: `${customer.first_name} ${customer.last_name}`.toLowerCase(),
    };
    return;
  }
  throw new Error('no conversations to search: run `npm run seed:scale` against the bench database first');
}

const need = (): Probe => {
  if (!probe) throw new Error('inbox scenarios were not prepared');
  return probe;
};

const PAGE_SIZE = 25;
/** The route reads one row more than the page, to know whether there is a next one (inbox and chat services). */
const ROWS_READ = PAGE_SIZE + 1;
/** inbox.service.ts FEW_MATCHES: a search reads its first FEW_MATCHES + 1 matches' conversations by key. */
const MATCHES_UP_TO = 1000 + 1;

/**
 * Inbox entries (inbox.repository.ts entryColumns), from conversations joined to their live customers
 * (isLiveCustomerOf), with `extra` columns after them.
 */
function inboxEntriesFrom(extra: string): string {
  return `select cc.customer_id, c.first_name, c.last_name, c.external_id,
      cc.last_message_body, cc.last_message_at, cc.last_message_seq, cc.unread_count${extra}
    from customer_conversations cc join customers c on c.id = cc.customer_id and c.voided_at is null`;
}

/** The inbox as it opens, prepared as the route prepares it (inbox.repository.ts newestPageStatement). */
const newestPageSql = (merchantId: string): SqlStatement => ({
  name: 'bench_inbox_newest_page',
  text: `${inboxEntriesFrom('')} where cc.merchant_id = $1 order by cc.last_message_seq desc limit $2`,
  values: [merchantId, ROWS_READ],
});

/**
 * A search by one field: the term the request sends, and the condition on `customers` with its LIKE pattern
 * the route makes of it (inbox.repository.ts customerCondition).
 */
type InboxSearch = { field: string; term: () => string; match: string; pattern: () => string };

/**
 * A search's page in one unnamed statement (inbox.repository.ts listInboxRowsOfMatches): the probe terms match
 * at most FEW_MATCHES customers (about 100 by phone, a few by id or name), so the route sends only this, neither
 * the walk for a broad search (listInboxRows) nor the count of an empty page (probeInboxFilter).
 */
const matchesPageSql = (merchantId: string, search: InboxSearch): SqlStatement => ({
  text: `with matches as (select id from customers
           where customers.merchant_id = $1 and customers.voided_at is null and ${search.match} like $2 limit $3)
         ${inboxEntriesFrom(', (select count(*)::int from matches)')}
         where cc.merchant_id = $4 and cc.customer_id = any(array(select id from matches))
         order by cc.last_message_seq desc limit $5`,
  values: [merchantId, search.pattern(), MATCHES_UP_TO, merchantId, ROWS_READ],
});

/** The chat as it opens, prepared (chat-messages.repository.ts newestPageStatement): each text with its sender. */
const chatNewestPageSql = (merchantId: string, customerId: string): SqlStatement => ({
  name: 'bench_chat_newest_page',
  text: `select m.id, m.seq, m.customer_id, m.account_id, m.direction, m.channel, m.body, m.language,
      m.translations, m.attachments, m.status, m.error_code, m.error_message, m.secondary_message, m.created_at,
      u.first_name, u.last_name,
      case when u.id is null then null else coalesce(ms.roles, '{}'::text[])
        || case when u.is_super_admin then array['super_admin']::text[] else '{}'::text[] end end
    from messages m
    left join users u on u.id = m.sender_user_id
    left join memberships ms on ms.user_id = m.sender_user_id and ms.merchant_id = m.merchant_id
    where m.merchant_id = $1 and m.customer_id = $2 order by m.seq desc limit $3`,
  values: [merchantId, customerId, ROWS_READ],
});

function inboxScenario(input: {
  name: string;
  kind: RouteKind;
  path: () => string;
  /** The route's statement after the caller read. */
  page: () => SqlStatement;
}): Scenario {
  const budget = routeBudget(input.kind);
  return {
    name: input.name,
    budget,
    connections: budget.clients,
    prepare: prepareProbe,
    request: (ctx) => ({
      method: 'GET',
      path: input.path(),
      headers: { authorization: `Bearer ${ctx.admin.access}` },
    }),
    sql: (ctx) => [callerReadSql(ctx, need().merchantId), input.page()],
  };
}

const inbox = (query: string) => `/api/merchants/${need().merchantId}/inbox/?page_size=${PAGE_SIZE}${query}`;

function inboxSearch(name: string, kind: RouteKind, search: InboxSearch): Scenario {
  return inboxScenario({
    name,
    kind,
    path: () => inbox(`&field=${search.field}&search=${encodeURIComponent(search.term())}`),
    page: () => matchesPageSql(need().merchantId, search),
  });
}

export const inboxScenarios: Scenario[] = [
  inboxScenario({
    name: 'GET inbox/ page (25)',
    kind: 'inbox',
    path: () => inbox(''),
    page: () => newestPageSql(need().merchantId),
  }),
  // The patterns as customer-search.service.ts planCustomerSearch writes them (the probe's phone digits never
  // start with 1, a country code).
  inboxSearch('GET inbox/?field=phone', 'search-phone', {
    field: 'phone',
    term: () => need().phone,
    match: 'customers.sms_phone_number',
    pattern: () => `+1${need().phone}%`,
  }),
  inboxSearch('GET inbox/?field=external_id', 'search-id', {
    field: 'external_id',
    term: () => need().externalId,
    match: 'lower(customers.external_id)',
    pattern: () => `${escapeLike(need().externalId.toLowerCase())}%`,
  }),
  inboxSearch('GET inbox/?field=name', 'search-name', {
    field: 'name',
    term: () => need().name,
    match: `lower(customers.first_name || ' ' || customers.last_name)`,
    pattern: () => `%${escapeLike(need().name.replace(/\s+/g, ' '))}%`,
  }),
  inboxScenario({
    name: 'GET customers/{id}/messages/ (inbox chat, 25)',
    kind: 'chat',
    path: () =>
      `/api/merchants/${need().merchantId}/customers/${need().customerId}/messages/?page_size=${PAGE_SIZE}`,
    page: () => chatNewestPageSql(need().merchantId, need().customerId),
  }),
];
