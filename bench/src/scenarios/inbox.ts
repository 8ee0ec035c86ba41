import { routeBudget, type RouteKind } from '../budget';
import type { BenchContext, Scenario } from './scenario';

// The inbox and chat pages (issue 6) on the demo merchant, which `npm run seed:scale` gives 20,000 customers
// with 10 texts each (docs/conventions.md §7: 100,000 customers / 1,000,000 messages in all). Search terms are read
// from the inbox itself at prepare time, so each search finds real conversations.

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

function inboxScenario(name: string, kind: RouteKind, path: () => string): Scenario {
  const budget = routeBudget(kind);
  return {
    name,
    budget,
    connections: budget.clients,
    prepare: prepareProbe,
    request: (ctx) => ({
      method: 'GET',
      path: path(),
      headers: { authorization: `Bearer ${ctx.admin.access}` },
    }),
  };
}

const inbox = (query: string) => `/api/merchants/${need().merchantId}/inbox/?page_size=25${query}`;

export const inboxScenarios: Scenario[] = [
  inboxScenario('GET inbox/ page (25)', 'inbox', () => inbox('')),
  inboxScenario('GET inbox/?field=phone', 'search-phone', () =>
    inbox(`&field=phone&search=${encodeURIComponent(need().phone)}`),
  ),
  inboxScenario('GET inbox/?field=external_id', 'search-id', () =>
    inbox(`&field=external_id&search=${encodeURIComponent(need().externalId)}`),
  ),
  inboxScenario('GET inbox/?field=name', 'search-name', () =>
    inbox(`&field=name&search=${encodeURIComponent(need().name)}`),
  ),
  inboxScenario(
    'GET customers/{id}/messages/ (inbox chat, 25)',
    'chat',
    () => `/api/merchants/${need().merchantId}/customers/${need().customerId}/messages/?page_size=25`,
  ),
];
