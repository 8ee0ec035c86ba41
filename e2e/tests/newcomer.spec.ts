import { expect, test, type Page, type Request } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers, type DemoUser } from '../src/demo';
import { signIn } from '../src/session';
import { mainNavigation } from '../src/team';

// Issue 14, a newcomer's first look: the demo shows a dealership at work (conversations waiting in the
// inbox, a mass text in the message report, figures on Home), and no link of the navigation leads to a
// page that does not exist, for any of the demo's roles.

const GENERIC_ERROR = 'Oops! Something Went Wrong...';

test('a newcomer sees conversations in the inbox, figures on Home and a mass text in the report', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);

  // Home: real figures, no promise of later releases.
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const conversations = page.getByRole('region', { name: 'Conversations' });
  await expect(conversations.getByRole('link', { name: 'Waiting for a Reply' })).toBeVisible();
  await expect(conversations.locator('dd').first()).not.toHaveText('0');
  await expect(page.getByText(/later releases/)).toHaveCount(0);
  // The demo's newest batch, or one a journey running beside this one has just sent (they share the server).
  await expect(page.getByRole('region', { name: 'Latest Mass Text' })).toContainText(/\d+ recipients?: /);
  expect(await findBlockingViolations(page)).toEqual([]);

  // The inbox: many conversations, some with unread texts; one opens on both sides of the exchange.
  await mainNavigation(page).getByRole('link', { name: 'Inbox' }).click();
  const list = page.getByRole('list', { name: 'Conversations' });
  await expect(list.getByRole('button').nth(9)).toBeVisible();
  await expect(page.getByText('No Results Found')).toHaveCount(0);
  await expect(list.getByRole('button', { name: /, \d+ unread$/ }).first()).toBeVisible();
  await list.getByRole('button', { name: /^Maria Garcia/ }).click();
  const chat = page.getByRole('log', { name: 'Messages' });
  await expect(
    chat.getByRole('article', { name: 'Maria Garcia: Hi, can I pay on Friday instead? I get paid then.' }),
  ).toBeVisible();
  const answer = chat.getByRole('article', { name: /^Alex Admin: Friday is fine, Maria/ });
  await expect(answer).toContainText('Delivered');

  // A failed text says so in the chat (docs/product.md §4 display).
  await list.getByRole('button', { name: /^Chen Brown/ }).click();
  await expect(chat.getByRole('article', { name: /^Alex Admin: Hi Chen, trying again/ })).toContainText(
    'Failed to send',
  );

  // The message report: the demo's mass texts, recipients in several statuses.
  await mainNavigation(page).getByRole('link', { name: 'Message Report' }).click();
  await expect(page.getByRole('link', { name: 'Storm Closure' })).toBeVisible();
  await page.getByRole('link', { name: 'Spring Service Special' }).click();
  await expect(page).toHaveURL(/\/message-report\/[^/]+\/details$/);
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'Maria Garcia' })).toContainText('Delivered');
  await expect(rows.filter({ hasText: 'Chen Brown' })).toContainText('Failed to send');
  await expect(rows.filter({ hasText: 'Darnell Nguyen' })).toContainText('Sent');
  await expect(page.getByText(GENERIC_ERROR)).toHaveCount(0);
});

/** The API calls a page makes, to wait until they are answered and to list the ones that failed. */
function watchApi(page: Page) {
  const pending = new Set<Request>();
  const failures: string[] = [];
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request)) pending.add(request);
  });
  page.on('requestfinished', async (request) => {
    if (!isApi(request)) return;
    const response = await request.response();
    if (response && response.status() >= 400) {
      failures.push(`${response.status()} ${request.method()} ${new URL(request.url()).pathname}`);
    }
    pending.delete(request);
  });
  page.on('requestfailed', (request) => {
    if (!isApi(request)) return;
    pending.delete(request);
    // A refetch still in flight when the next link is clicked is cancelled by the app leaving the page: not
    // a failure of either page (a full run once caught the inbox's refetch so). Any other failure counts.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    failures.push(`failed ${request.method()} ${request.url()}`);
  });
  return { pending, failures };
}

const roles: [string, DemoUser][] = [
  ['super admin', demoUsers.superAdmin],
  ['admin', demoUsers.admin],
  ['staff', demoUsers.staff],
];

for (const [role, user] of roles) {
  test(`every navigation link of the ${role} opens a real page`, async ({ page }) => {
    test.setTimeout(240_000);
    const api = watchApi(page);
    await signIn(page, user);
    const nav = mainNavigation(page);
    const links = await nav.getByRole('link').evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        label: anchor.textContent ?? '',
        href: anchor.getAttribute('href') ?? '',
      })),
    );
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      // By where it leads: a link's name can change while the test runs (the Inbox's unread count arrives).
      await nav.locator(`a[href="${link.href}"]`).click();
      await expect(page, link.label).toHaveURL((url) => url.pathname === link.href);
      await expect(page.getByRole('heading', { level: 1 }).first(), link.label).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page Not Found' }), link.label).toHaveCount(0);
      // Everything the page asked for has been answered, without an error.
      await expect.poll(() => api.pending.size, { message: `${link.label}: API calls answered` }).toBe(0);
      expect(api.failures, link.label).toEqual([]);
      await expect(page.getByText(GENERIC_ERROR), link.label).toHaveCount(0);
    }
  });
}
