// Customers who text, and the inbox as a user finds it (issue 6 live inbox, issue 20 triage).
import { expect, type Page } from '@playwright/test';
import { callAsSignedInUser } from './forms';

export type TextingCustomer = { id: string; name: string; phone: string };

/**
 * A customer with an account and a phone no other journey uses: an exchange of 200–999 (0 and 1 cannot start
 * one) and a line from the clock, shifted by `offset` for several made in the same instant.
 */
export async function createTextingCustomer(
  page: Page,
  merchantId: string,
  input: { firstName: string; lastName: string; externalId: string; offset?: number; dueDate?: string },
): Promise<TextingCustomer> {
  const locations = await page.request.get(
    `/api/merchants/${merchantId}/merchant_locations/?page_size=1000`,
    {
      headers: {
        Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('paylane.access_token'))}`,
      },
    },
  );
  const location = ((await locations.json()) as { results: { id: string }[] }).results[0]!.id;
  const now = Date.now() + (input.offset ?? 0);
  const exchange = String(200 + (Math.floor(now / 10_000) % 800));
  const line = String(now % 10_000).padStart(4, '0');
  const created = await callAsSignedInUser(page, {
    method: 'POST',
    path: `/api/merchants/${merchantId}/customers/`,
    data: {
      first_name: input.firstName,
      last_name: input.lastName,
      sms_phone_number: `(737) ${exchange}-${line}`,
      location,
      account: { amount_due: '250.00', external_id: input.externalId, due_date: input.dueDate },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { id, name: `${input.firstName} ${input.lastName}`, phone: `+1737${exchange}${line}` };
}

/** A text from the customer, as the offline SMS provider receives it. */
export async function injectReply(page: Page, from: string, body: string) {
  const answer = await page.request.post('/api/dev/outbox/sms/inbound/', { data: { from, body } });
  expect(answer.status(), await answer.text()).toBe(201);
}

export const conversationList = (page: Page) => page.getByRole('list', { name: 'Conversations' });

export const conversation = (page: Page, name: string) =>
  conversationList(page).getByRole('button', { name: new RegExp(`^${name}`) });

export const chatMessage = (page: Page, label: string) =>
  page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: label });

/**
 * Customers sharing one last name (`${family}${tag}`, so a name search finds only them), made side by side; the
 * phone offsets keep the journeys running at once on different numbers.
 */
export function createTextingFamily(
  page: Page,
  merchantId: string,
  input: { firstNames: string[]; family: string; tag: string; offsetBase: number },
): Promise<TextingCustomer[]> {
  return Promise.all(
    input.firstNames.map((firstName, i) =>
      createTextingCustomer(page, merchantId, {
        firstName,
        lastName: `${input.family}${input.tag}`,
        externalId: `${input.family.toUpperCase()}-${input.tag}-${i}`,
        offset: input.offsetBase + i * 1_001,
      }),
    ),
  );
}

/** The inbox searched by name (Enter searches). */
export async function searchInboxByName(page: Page, text: string) {
  await page.getByRole('combobox', { name: 'Search by' }).selectOption('Name');
  const box = page.getByRole('textbox', { name: 'Search conversations' });
  await box.fill(text);
  await box.press('Enter');
}
