import { expect, test, type Locator, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { callAsSignedInUser } from '../src/forms';
import { conversation, createTextingCustomer, injectReply, searchInboxByName } from '../src/inbox';
import { signIn } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 20 item 3: the customer beside the conversation — balance, due date, days past due, autopay, promise,
// phone and opt-out state, with Take Payment, Promise to Pay and a note. At desktop widths (1440×900) it is the
// third column; narrower (1024×768) it opens from the chat's header.

const DAY_MS = 86_400_000;

/** Today on the merchant's clock, and `days` before it, as YYYY-MM-DD. */
async function merchantDays(page: Page, merchantId: string, days: number) {
  const answer = await callAsSignedInUser(page, { method: 'GET', path: `/api/merchants/${merchantId}/` });
  const { time_zone: timeZone } = (await answer.json()) as { time_zone: string };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return new Date(Date.parse(today) - days * DAY_MS).toISOString().slice(0, 10);
}

const fact = (account: Locator, label: string) =>
  account.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

test('the customer panel shows what is owed beside the chat and takes a note; narrower it opens as a drawer', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const tag = String(Date.now()).slice(-6);
  const customer = await createTextingCustomer(page, merchantId, {
    firstName: 'Pia',
    lastName: `Panel${tag}`,
    externalId: `PNL-${tag}`,
    offset: 31,
    dueDate: await merchantDays(page, merchantId, 9),
  });
  await injectReply(page, customer.phone, `When do I pay? ${tag}`);

  await page.goto(`/merchants/${merchantId}/inbox`);
  await page.getByRole('radiogroup', { name: 'Conversations to show' }).getByText('All').click();
  await searchInboxByName(page, `Panel${tag}`);
  await conversation(page, customer.name).click();

  // Beside the chat: the three columns share the row, Send and the panel inside the window.
  const panel = page.getByRole('complementary', { name: 'Customer details' });
  const account = panel.getByRole('region', { name: `Account PNL-${tag}` });
  await expect(fact(account, 'Amount Due')).toHaveText('$250.00');
  await expect(fact(account, 'Days past due')).toHaveText('9');
  await expect(fact(account, 'Autopay')).toHaveText('Off');
  await expect(fact(account, 'Promise')).toHaveText('None');
  await expect(panel.getByText('Texts allowed')).toBeVisible();
  const send = await page.getByRole('button', { name: 'Send' }).boundingBox();
  const aside = await panel.boundingBox();
  const list = await page.getByRole('list', { name: 'Conversations' }).boundingBox();
  expect(send!.x + send!.width).toBeLessThanOrEqual(aside!.x);
  expect(list!.x + list!.width).toBeLessThanOrEqual(send!.x);
  expect(aside!.x + aside!.width).toBeLessThanOrEqual(1440);
  expect(await findBlockingViolations(page)).toEqual([]);

  // Take Payment opens on the account; a note is added without leaving the conversation.
  await account.getByRole('button', { name: `Take Payment on Account PNL-${tag}` }).click();
  const take = page.getByRole('dialog', { name: 'Take Payment' });
  await expect(take).toContainText(`Account PNL-${tag} · Amount Due $250.00`);
  await take.getByRole('button', { name: 'Close' }).click();
  await expect(take).toBeHidden();
  await panel.getByRole('button', { name: 'Add Note' }).click();
  const noteDialog = page.getByRole('dialog', { name: `Note on ${customer.name}` });
  await noteDialog.getByRole('textbox', { name: /^Note/ }).fill(`Pays Friday ${tag}`);
  await noteDialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(noteDialog).toBeHidden();
  const notes = await callAsSignedInUser(page, {
    method: 'GET',
    path: `/api/merchants/${merchantId}/customers/${customer.id}/notes/`,
  });
  expect(
    ((await notes.json()) as { results: { body: string }[] }).results.map((note) => note.body),
  ).toContain(`Pays Friday ${tag}`);

  // At 1024×768 the chat keeps its width and the panel opens from the header.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(fact(account, 'Days past due')).toHaveText('9');
  expect(await findBlockingViolations(page)).toEqual([]);
});
