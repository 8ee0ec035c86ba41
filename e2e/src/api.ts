// Direct API calls for setup and clean-up, and for reading the offline email outbox (never for what a
// user sees: that goes through the browser).
import { expect, type APIRequestContext } from '@playwright/test';

type OutboxEmail = { id: string; to_address: string; subject: string; text: string; created_at: string };
type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** Ids of the emails already in the outbox for `to`, so a wait can skip them. */
export async function listEmailIds(request: APIRequestContext, to: string): Promise<Set<string>> {
  const response = await request.get('/api/dev/outbox/emails/', { params: { to } });
  expect(response.status(), await response.text()).toBe(200);
  const page = (await response.json()) as Page<OutboxEmail>;
  return new Set(page.results.map((email) => email.id));
}

/** Waits for a new email to `to` (not among `skipIds`) whose subject matches; returns the newest such. */
export async function waitForEmail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  skipIds: ReadonlySet<string> = new Set(),
): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox/emails/', { params: { to } });
        if (!response.ok()) return `HTTP ${response.status()}`;
        const page = (await response.json()) as Page<OutboxEmail>;
        found = page.results.find((email) => !skipIds.has(email.id) && subject.test(email.subject));
        return found ? 'found' : `no new matching email among ${page.count}`;
      },
      { message: `a new email to ${to} with subject ${subject}`, timeout: 30_000 },
    )
    .toBe('found');
  return found as OutboxEmail;
}

/** The first link in an email body that points at `pathPrefix`, as a path the browser can open. */
export function linkIn(email: OutboxEmail, pathPrefix: string): string {
  const url = email.text
    .match(/https?:\/\/\S+/g)
    ?.map((raw) => new URL(raw))
    .find((candidate) => candidate.pathname.startsWith(pathPrefix));
  if (!url) throw new Error(`no ${pathPrefix} link in the email "${email.subject}":\n${email.text}`);
  return `${url.pathname}${url.search}`;
}
