import { expect, test, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { chatMessage, conversation, createTextingFamily, injectReply, searchInboxByName } from '../src/inbox';
import { signIn } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 20, done when: a draft survives switching conversations and a reload; a failed message is retried with
// one click; an opted-out customer's composer is disabled before typing; J/K moves between conversations and the
// composer has focus.

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

async function failTextsTo(page: Page, phone: string) {
  const rule = await page.request.post('/api/dev/outbox/sms/failures/', {
    data: { to: phone, error_code: '30003', stage: 'callback' },
  });
  expect(rule.status(), await rule.text()).toBe(204);
}

async function stopFailingTextsTo(page: Page, phone: string) {
  const removed = await page.request.delete(`/api/dev/outbox/sms/failures/?to=${encodeURIComponent(phone)}`);
  expect(removed.status(), await removed.text()).toBe(204);
}

test('drafts survive switching and reload, J/K move with the focus in the composer, Retry resends, STOP disables', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const tag = String(Date.now()).slice(-6);
  const lastName = `Flow${tag}`;
  const [dee, eli, fay] = await createTextingFamily(page, merchantId, {
    firstNames: ['Dee', 'Eli', 'Fay'],
    family: 'Flow',
    tag,
    offsetBase: 17,
  });
  // Fay texts STOP first (oldest), then Dee, then Eli (newest, on top).
  await injectReply(page, fay!.phone, 'STOP');
  await injectReply(page, dee!.phone, `Hi from Dee ${tag}`);
  await injectReply(page, eli!.phone, `Hi from Eli ${tag}`);

  await page.goto(`/merchants/${merchantId}/inbox`);
  await page.getByRole('radiogroup', { name: 'Conversations to show' }).getByText('All').click();
  await searchInboxByName(page, lastName);
  await expect(conversation(page, eli!.name)).toBeVisible();

  // A half-written reply to Dee survives a look at Eli and a reload.
  await conversation(page, dee!.name).click();
  await expect(messageBox(page)).toBeFocused();
  await messageBox(page).fill(`Half a reply ${tag}`);
  await conversation(page, eli!.name).click();
  await expect(page.getByRole('heading', { name: eli!.name })).toBeVisible();
  await expect(messageBox(page)).toHaveValue('');
  await conversation(page, dee!.name).click();
  await expect(messageBox(page)).toHaveValue(`Half a reply ${tag}`);
  await page.reload();
  await expect(page.getByRole('heading', { name: dee!.name })).toBeVisible();
  await expect(messageBox(page)).toHaveValue(`Half a reply ${tag}`);

  // Esc goes back to the list; K and J open the conversation above and below, the composer focused.
  await searchInboxByName(page, lastName);
  await expect(conversation(page, eli!.name)).toBeVisible();
  await messageBox(page).focus();
  await page.keyboard.press('Escape');
  await expect(conversation(page, dee!.name)).toBeFocused();
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { name: eli!.name })).toBeVisible();
  await expect(messageBox(page)).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByRole('heading', { name: dee!.name })).toBeVisible();
  await expect(messageBox(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: fay!.name })).toBeVisible();

  // Fay replied STOP: the composer says so and is disabled before anyone types.
  await expect(
    page.getByText('This customer replied STOP and gets no texts until they text START.'),
  ).toBeVisible();
  await expect(messageBox(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  expect(await findBlockingViolations(page)).toEqual([]);

  // The carrier fails a text to Eli; once it can reach him, one click on Retry sends it again.
  await failTextsTo(page, eli!.phone);
  try {
    await conversation(page, eli!.name).click();
    await messageBox(page).fill(`Are you there ${tag}`);
    await messageBox(page).press('Control+Enter');
    const sent = chatMessage(page, `Alex Admin: Are you there ${tag}`);
    await expect(sent.first()).toContainText('Failed to send', { timeout: 40_000 });
  } finally {
    await stopFailingTextsTo(page, eli!.phone);
  }
  await chatMessage(page, `Alex Admin: Are you there ${tag}`)
    .first()
    .getByRole('button', { name: 'Retry' })
    .click();
  await expect(chatMessage(page, `Alex Admin: Are you there ${tag}`)).toHaveCount(2);
  await expect(chatMessage(page, `Alex Admin: Are you there ${tag}`).last()).toContainText('Delivered', {
    timeout: 40_000,
  });
});

test('on a phone the chat opens full screen with Send on screen, and the back arrow returns to the list', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  // The phone's size once signed in (the desktop navigation finds the merchant).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/merchants/${merchantId}/inbox`);
  const first = page.getByRole('list', { name: 'Conversations' }).getByRole('button').first();
  const name = (await first.getAttribute('aria-label'))!.split(',')[0]!;
  await first.click();
  const chat = page.getByRole('region', { name: `Conversation with ${name}` });
  await expect(chat).toBeVisible();
  const send = chat.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeInViewport({ ratio: 1 });
  const box = await chat.boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  expect(await findBlockingViolations(page)).toEqual([]);
  await chat.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(chat).toBeHidden();
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible();
});
