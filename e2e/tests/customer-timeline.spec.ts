import { expect, test } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { callAsSignedInUser } from '../src/forms';
import { createTextingCustomer, injectReply } from '../src/inbox';
import { signIn } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 20 item 3: the customer page's Timeline merges a customer's texts, payments, notes and history into
// one list, newest first. A fresh customer (no other journey's data in the way) texts in, pays a down
// payment at the counter and gets a note, in that order; the Timeline shows them newest first above the
// history of their creation, the Payments chip keeps only the payment, and axe finds nothing on the page.
test('the Timeline shows a text, a payment and a note merged newest first', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const tag = String(Date.now()).slice(-6);
  const customer = await createTextingCustomer(page, merchantId, {
    firstName: 'Tilda',
    lastName: `Timeline${tag}`,
    externalId: `TL-${tag}`,
    offset: 7_177,
  });

  await injectReply(page, customer.phone, 'Can I bring the down payment today?');
  const token = await page.evaluate(() => localStorage.getItem('paylane.access_token'));
  const paid = await page.request.post(`/api/merchants/${merchantId}/misc-payment/`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `timeline-${tag}` },
    data: { customer_id: customer.id, amount: '250.00', method_kind: 'cash', description: 'Down payment' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const note = await callAsSignedInUser(page, {
    method: 'POST',
    path: `/api/merchants/${merchantId}/customers/${customer.id}/notes/`,
    data: { body: 'Paid the down payment in cash at the counter.' },
  });
  expect(note.status(), await note.text()).toBe(201);

  await page.goto(`/merchants/${merchantId}/customers/${customer.id}`);
  await page
    .getByRole('navigation', { name: 'Customer sections' })
    .getByRole('link', { name: 'Timeline' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}/timeline$`));
  const rows = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText('Note');
  await expect(rows.nth(0)).toContainText('Paid the down payment in cash at the counter.');
  await expect(rows.nth(0)).toContainText(demoUsers.admin.name);
  await expect(rows.nth(1)).toContainText('Misc payment of $250.00 for Down payment (Cash) — Paid');
  await expect(rows.nth(2)).toContainText('Text in');
  await expect(rows.nth(2)).toContainText('Can I bring the down payment today?');
  await expect(rows.nth(2)).toContainText(customer.name);
  await expect(rows.nth(3)).toContainText('History');
  await expect(rows.nth(4)).toContainText('Created the customer');
  // Every row says when, on the merchant's clock.
  await expect(rows.nth(0).locator('time')).toHaveText(/^(now|\d+m)$/);

  expect(await findBlockingViolations(page)).toEqual([]);

  await page.getByRole('radiogroup', { name: 'Show' }).getByText('Payments').click();
  await expect(page.getByRole('radio', { name: 'Payments' })).toBeChecked();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Misc payment of $250.00');
});
