import { expect, test, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { callAsSignedInUser } from '../src/forms';
import {
  conversation,
  conversationList,
  createTextingFamily,
  searchInboxByName,
  injectReply,
  type TextingCustomer,
} from '../src/inbox';
import { signIn } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 20 item 1, done when: Needs reply lists only waiting conversations, oldest first, and a mass text does not
// change it; opening a row does not move it. Resolve and Snooze take a conversation out of it.

/**
 * The names of the listed rows among `customers`, in the list's order. The labels are read in one go: reading
 * them row by row after counting the rows waited forever for a row that a live update had just removed.
 */
async function orderOf(page: Page, customers: TextingCustomer[]) {
  const labels = await conversationList(page)
    .getByRole('button')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
  return labels
    .map((label) => customers.find((customer) => label?.startsWith(customer.name))?.name)
    .filter((name) => name !== undefined);
}

/** A view by its label (the segmented control's radios are hidden behind their labels). */
async function chooseView(page: Page, view: RegExp) {
  await page.getByRole('radiogroup', { name: 'Conversations to show' }).getByText(view).click();
  await expect(page.getByRole('radio', { name: view })).toBeChecked();
}

test('Needs reply lists waiting conversations oldest first, a mass text leaves it alone, an opened row stays put', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const tag = String(Date.now()).slice(-6);
  const [ana, ben, cleo] = await createTextingFamily(page, merchantId, {
    firstNames: ['Ana', 'Ben', 'Cleo'],
    family: 'Triage',
    tag,
    offsetBase: 0,
  });
  const ours = [ana!, ben!, cleo!];
  await page.goto(`/merchants/${merchantId}/inbox`);
  await chooseView(page, /^All/);

  // Ana, then Ben, then Cleo text in: the newest is on top of All.
  for (const customer of ours) {
    await injectReply(page, customer.phone, `Question from ${customer.name}`);
    await expect(conversation(page, customer.name)).toHaveAccessibleName(`${customer.name}, 1 unread`);
  }
  await expect.poll(() => orderOf(page, ours)).toEqual([cleo!.name, ben!.name, ana!.name]);
  await expect(page.getByRole('link', { name: /^Inbox, \d+ unread$/ })).toBeVisible();

  // Opening Ben reads it: the badge clears and the row stays between Cleo and Ana.
  await conversation(page, ben!.name).click();
  await expect(conversation(page, ben!.name)).toHaveAccessibleName(ben!.name);
  expect(await orderOf(page, ours)).toEqual([cleo!.name, ben!.name, ana!.name]);

  // Ben is answered: it moves to the top of All, and leaves Needs reply.
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill(`Yes, Friday works ${tag}`);
  await composer.press('Enter');
  await expect.poll(() => orderOf(page, ours)).toEqual([ben!.name, cleo!.name, ana!.name]);
  await expect(conversation(page, ben!.name)).toContainText(`You: Yes, Friday works ${tag}`);

  await chooseView(page, /^Needs reply/);
  await searchInboxByName(page, `Triage${tag}`);
  await expect.poll(() => orderOf(page, ours)).toEqual([ana!.name, cleo!.name]);

  // A mass text to all three: it reaches each conversation, and Needs reply is what it was.
  const sent = await callAsSignedInUser(page, {
    method: 'POST',
    path: `/api/merchants/${merchantId}/customers/send_customers_message/`,
    data: {
      batch_name: `Triage ${tag}`,
      message: `Office closed Monday ${tag}`,
      customers: ours.map((c) => c.id),
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect(conversation(page, ana!.name)).toContainText(`You: Office closed Monday ${tag}`, {
    timeout: 40_000,
  });
  await page.reload();
  await expect(page.getByRole('radio', { name: /^Needs reply/ })).toBeChecked();
  await searchInboxByName(page, `Triage${tag}`);
  await expect.poll(() => orderOf(page, ours)).toEqual([ana!.name, cleo!.name]);
  expect(await findBlockingViolations(page)).toEqual([]);

  // Cleo only said thanks: Resolve takes her out of Needs reply.
  await conversation(page, cleo!.name).click();
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect.poll(() => orderOf(page, ours)).toEqual([ana!.name]);

  // Ana said she will call back: snoozed, she leaves Needs reply for Snoozed; her next text wakes her.
  await conversation(page, ana!.name).click();
  await page.getByRole('button', { name: 'Snooze', exact: true }).click();
  await page.getByRole('menuitem', { name: 'For 1 hour' }).click();
  await expect.poll(() => orderOf(page, ours)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Unsnooze' })).toHaveAttribute('title', /^Snoozed until /);
  await page.getByRole('button', { name: 'Snoozed', pressed: false }).click();
  await expect.poll(() => orderOf(page, ours)).toEqual([ana!.name]);
  await expect(conversation(page, ana!.name)).toHaveAccessibleName(`${ana!.name}, snoozed`);
  expect(await findBlockingViolations(page)).toEqual([]);
  await injectReply(page, ana!.phone, `Calling you at 5 ${tag}`);
  await expect.poll(() => orderOf(page, ours)).toEqual([]);
  await page.reload();
  await chooseView(page, /^Needs reply/);
  await searchInboxByName(page, `Triage${tag}`);
  await expect.poll(() => orderOf(page, ours)).toEqual([ana!.name]);
});
