import { expect, test, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { chooseOption, demoMerchantId } from '../src/team';

// Issue 5, done when: create a scheduled template, send a mass text to a group through the modal, watch the
// statuses move to Delivered in the message report; a customer's STOP reply blocks the next send with the
// spec's message.

type ApiCall = { method: 'GET' | 'POST' | 'PUT'; path: string; data?: unknown };

/** Calls the API as the user signed in on `page` and answers the JSON body (status checked). */
async function api<T>(page: Page, call: ApiCall, expectedStatus = call.method === 'POST' ? 201 : 200) {
  const token = await page.evaluate(() => window.localStorage.getItem('paylane.access_token'));
  const response = await page.request.fetch(call.path, {
    method: call.method,
    data: call.data,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as T;
  expect(response.status(), JSON.stringify(body)).toBe(expectedStatus);
  return body;
}

/** Two customers with phones no other journey uses, in a group of their own. */
async function createGroupOfTwo(page: Page, merchantId: string, tag: string) {
  const base = `/api/merchants/${merchantId}`;
  const locations = await api<{ results: { id: string }[] }>(page, {
    method: 'GET',
    path: `${base}/merchant_locations/?page=1&page_size=1000`,
  });
  const tail = String(Date.now() % 100_000).padStart(5, '0');
  const people = [
    {
      first_name: 'Mara',
      last_name: `Text${tag}`,
      sms_phone_number: `(737) 40${tail.slice(0, 1)}-${tail.slice(1)}`,
    },
    {
      first_name: 'Niko',
      last_name: `Text${tag}`,
      sms_phone_number: `(737) 41${tail.slice(0, 1)}-${tail.slice(1)}`,
    },
  ];
  const ids: string[] = [];
  for (const person of people) {
    const created = await api<{ id: string; sms_phone_number: string }>(page, {
      method: 'POST',
      path: `${base}/customers/`,
      data: { ...person, location: locations.results[0]!.id },
    });
    ids.push(created.id);
  }
  const groupName = `Journey group ${tag}`;
  await api(page, {
    method: 'POST',
    path: `${base}/customer_groups/`,
    data: { name: groupName, customers: ids },
  });
  return { ids, groupName, phones: people.map((person) => person.sms_phone_number) };
}

async function createScheduledTemplate(page: Page, merchantId: string, name: string, days: string) {
  await page.goto(`/merchants/${merchantId}/message-templates`);
  await page
    .getByRole('link', { name: 'Create Template' })
    .or(page.getByRole('button', { name: 'Create Template' }))
    .click();
  await expect(page.getByRole('heading', { name: 'Create Template' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page
    .getByRole('textbox', { name: /^Message/ })
    .fill('Hi {{first_name}}, your payment is due {{due_date}}.');
  await page.getByRole('combobox', { name: /^Automation/ }).selectOption({ label: 'Before due date' });
  await page.getByRole('textbox', { name: /^Delta days/ }).fill(days);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved!')).toBeVisible();
}

test('a scheduled template, a mass text to a group delivered in the report, and STOP blocking the next send', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const tag = String(Date.now()).slice(-6);
  const templateName = `Reminder ${tag}`;
  // Days no other template of the demo uses (the seed has 3 before and 2 after).
  await createScheduledTemplate(page, merchantId, templateName, String(10 + (Number(tag) % 300)));

  const templates = await api<{ results: { name: string; type: string; delta_days: number }[] }>(page, {
    method: 'GET',
    path: `/api/merchants/${merchantId}/message_templates/?search=${encodeURIComponent(templateName)}`,
  });
  expect(templates.results).toMatchObject([{ name: templateName, type: 'SCHEDULED' }]);

  const { ids, groupName, phones } = await createGroupOfTwo(page, merchantId, tag);

  // The compose modal from the customer list: a group, the new template, a batch name.
  await page.goto(`/merchants/${merchantId}/customers`);
  await page.getByRole('button', { name: 'Group Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Mass Text Message' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Group' }).check();
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Group' }), `${groupName} (2 customers)`);
  await expect(dialog.getByTestId('recipient-summary')).toHaveText('2 customers will receive this message.');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Template' }), templateName);
  const batchName = `Journey batch ${tag}`;
  await dialog.getByRole('textbox', { name: /^Batch Name/ }).fill(batchName);
  expect(await findBlockingViolations(page)).toEqual([]);

  // The review: the template filled by the server for the first recipient (no account: no due date), its cost.
  await dialog.getByRole('button', { name: 'Review' }).click();
  const review = dialog.getByTestId('compose-review');
  await expect(review.getByRole('heading', { name: 'Review' })).toBeFocused();
  await expect(review.getByLabel(/^Message for (Mara|Niko) Text/)).toHaveText(
    /^Hi (Mara|Niko), your payment is due \.$/,
  );
  await expect(review.getByTestId('review-segments')).toHaveText('2 recipients × 1 segment = 2 texts');
  expect(await findBlockingViolations(page)).toEqual([]);

  // Back to the message: a curly quote and a dash make it UCS-2; the review names them and replaces them.
  await dialog.getByRole('button', { name: 'Back' }).click();
  const message = dialog.getByRole('textbox', { name: /^Message/ });
  await expect(message).toBeFocused();
  await message.press('End');
  await message.pressSequentially(' – thanks’');
  await dialog.getByRole('button', { name: 'Review' }).click();
  const costly = review.getByRole('region', { name: 'Characters that double the cost' });
  await expect(costly.locator('code')).toHaveText(['– → -', "’ → '"]);
  expect(await findBlockingViolations(page)).toEqual([]);
  await costly.getByRole('button', { name: 'Replace with plain characters' }).click();
  await expect(review.getByLabel(/^Message for/)).toHaveText(/due \. - thanks'$/);
  await expect(costly).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message group now processing for 2 customer(s)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();

  // The report: the batch (linked from the modal and listed in the report), each recipient walking to Delivered.
  await dialog.getByRole('link', { name: 'View the batch report' }).click();
  await expect(page).toHaveURL(/\/message-report\/[^/]+\/details$/);
  await expect(page.getByRole('heading', { name: batchName })).toBeVisible();
  const detailsUrl = page.url();
  await page.goto('/message-report');
  await page.getByRole('link', { name: batchName }).click();
  await expect(page).toHaveURL(detailsUrl);
  const rows = page.getByRole('row').filter({ hasText: `Text${tag}` });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Delivered' })).toHaveCount(2, { timeout: 60_000 });
  expect(await findBlockingViolations(page)).toEqual([]);

  // The first customer answers STOP (the offline provider's injected reply).
  const stop = await page.request.post('/api/dev/outbox/sms/inbound/', {
    data: { from: phones[0], body: 'STOP' },
  });
  expect(stop.status()).toBe(201);

  // The next send to them is refused with the spec's words, in the modal and by the API.
  await page.goto(`/merchants/${merchantId}/customers?search=${encodeURIComponent(`Mara Text${tag}`)}`);
  await page.getByRole('checkbox', { name: `Select Mara Text${tag}` }).check();
  await page.getByRole('button', { name: 'Group Message' }).click();
  await expect(
    page.getByRole('dialog', { name: 'New Mass Text Message' }).getByTestId('recipient-summary'),
  ).toHaveText('The customer has opted out of email or text messages');
  const refused = await api<Record<string, string[]>>(
    page,
    {
      method: 'POST',
      path: `/api/merchants/${merchantId}/customers/send_customers_message/`,
      data: { message: 'Hello again', customers: [ids[0]], batch_name: `After STOP ${tag}` },
    },
    400,
  );
  expect(refused).toEqual({ customers: ['The customer has opted out of email or text messages'] });
});
