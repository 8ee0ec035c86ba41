import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { chatMessage, conversation, createTextingCustomer, injectReply } from '../src/inbox';
import { signIn } from '../src/session';
import { acceptInviteAndSignIn, demoMerchantId, inviteUser, newInvitee } from '../src/team';

// Issue 6, done when: with two browser contexts, an injected customer reply appears live in the inbox of a
// signed-in staff user; the staff user answers; the status walks to Delivered; the second context (another
// staff user) sees the same conversation update without reload; a dropped and restored connection misses
// nothing.

/** The conversations listed above `name` whose last message is not from this minute (none, when it is on top). */
function olderRowsAbove(staff: Page, name: string): Promise<string[]> {
  return staff.getByRole('list', { name: 'Conversations' }).evaluate((list, ours) => {
    const rows = Array.from(list.querySelectorAll('button'));
    const index = rows.findIndex((row) => row.getAttribute('aria-label')?.startsWith(ours));
    if (index < 0) return ['(not listed)'];
    return rows
      .slice(0, index)
      .filter((row) => row.querySelector('time')?.textContent !== 'now')
      .map((row) => row.getAttribute('aria-label') ?? '');
  }, name);
}

test('a reply appears live in two staff inboxes, is answered to Delivered, and a dropped socket misses nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const invitee = newInvitee('Casey');
  const link = await inviteUser(page, page.request, { merchantId, invitee, role: 'Staff' });
  const colleague = await acceptInviteAndSignIn(browser, link, invitee);

  // The colleague's chat socket goes through a route the test can cut and hold, like a network drop.
  let chatRoute: WebSocketRoute | null = null;
  let holdReconnect: Promise<void> | null = null;
  await colleague.routeWebSocket(/\/ws\/chat\//, async (ws) => {
    chatRoute = ws;
    if (holdReconnect) await holdReconnect;
    ws.connectToServer();
  });

  const tag = String(Date.now()).slice(-6);
  const customer = await createTextingCustomer(page, merchantId, {
    firstName: 'Lena',
    lastName: `Live${tag}`,
    externalId: `LIVE-${tag}`,
  });
  for (const staff of [page, colleague]) await staff.goto(`/merchants/${merchantId}/inbox`);
  await expect(page.getByText('Select a Customer')).toBeVisible();

  // The customer texts in: both inboxes show it at the top with an unread badge, without a reload. Other
  // journeys text at the same time, so 'the top' is: nothing above it but conversations that moved just now.
  await injectReply(page, customer.phone, `Can I pay Friday? ${tag}`);
  for (const staff of [page, colleague]) {
    await expect(conversation(staff, customer.name)).toHaveAccessibleName(`${customer.name}, 1 unread`);
    await expect.poll(() => olderRowsAbove(staff, customer.name)).toEqual([]);
  }

  // Both open it; the admin answers with Enter and the status walks to Delivered in both windows.
  for (const staff of [page, colleague]) {
    await conversation(staff, customer.name).click();
    await expect(chatMessage(staff, `${customer.name}: Can I pay Friday? ${tag}`)).toBeVisible();
    await expect(conversation(staff, customer.name)).toHaveAccessibleName(customer.name);
  }
  const answer = `Friday works, thank you ${tag}`;
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(answer);
  await page.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
  for (const staff of [page, colleague]) {
    await expect(chatMessage(staff, `Alex Admin: ${answer}`)).toContainText('Delivered', { timeout: 40_000 });
  }
  expect(await findBlockingViolations(page)).toEqual([]);

  // The colleague's connection drops and stays down while the customer writes twice.
  let release: () => void = () => {};
  holdReconnect = new Promise<void>((resolve) => (release = resolve));
  await chatRoute!.close();
  await injectReply(page, customer.phone, `First while you were away ${tag}`);
  await injectReply(page, customer.phone, `Second while you were away ${tag}`);
  await expect(chatMessage(page, `${customer.name}: Second while you were away ${tag}`)).toBeVisible();
  await expect(chatMessage(colleague, `${customer.name}: First while you were away ${tag}`)).toHaveCount(0);

  // Restored: the colleague catches up from the last message seen, each message exactly once.
  release();
  for (const body of [`First while you were away ${tag}`, `Second while you were away ${tag}`]) {
    await expect(chatMessage(colleague, `${customer.name}: ${body}`)).toHaveCount(1, { timeout: 40_000 });
  }
  await expect(chatMessage(colleague, `Alex Admin: ${answer}`)).toHaveCount(1);
  await colleague.context().close();
});
