import { expect, test, type Locator } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { createTextingCustomer } from '../src/inbox';
import { signIn, userMenu } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 20 items 6 and 9: the keyboard flow's skip link and shortcuts list, a failed page that says what
// happened, and toasts that leave the header's user menu clear.

/** docs/product.md §8: the generic toast of a 5xx. */
const genericError = 'Oops! Something Went Wrong...';

test('Tab first reaches "Skip to main content", which moves the focus to the page; ? lists the shortcuts', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  // Shown once it has the focus (out of sight until then).
  const box = await skip.boundingBox();
  expect(box?.width).toBeGreaterThan(100);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await page.keyboard.press('Shift+Slash'); // '?'
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Find a customer or a page/ })).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Back to the conversation list/ })).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a customer page whose server fails says so and retries; the toast leaves the user menu clear', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const tag = String(Date.now()).slice(-6);
  const customer = await createTextingCustomer(page, merchantId, {
    firstName: 'Kit',
    lastName: `Fallback${tag}`,
    externalId: `KF-${tag}`,
    offset: 7_013,
  });
  // The server's 500 for this one read, at the browser's network boundary.
  const customerRead = `**/api/merchants/${merchantId}/customers/${customer.id}/`;
  await page.route(customerRead, (route) => route.fulfill({ status: 500, json: { detail: genericError } }));
  await page.goto(`/merchants/${merchantId}/customers/${customer.id}`);
  await expect(page.getByText('The server failed to answer (error 500).')).toBeVisible();
  await expect(page.getByText('Not found.')).toBeHidden();

  const toast = page.getByRole('alert').filter({ hasText: genericError });
  await expect(toast).toBeVisible();
  const menu = userMenu(page, demoUsers.admin);
  const [toastBox, menuBox, headerBox] = await Promise.all([
    boxOf(toast),
    boxOf(menu),
    boxOf(page.getByRole('banner')),
  ]);
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  expect(overlaps(toastBox, menuBox)).toBe(false);
  // Clickable with the toast up: Playwright refuses a click another element would receive.
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.unroute(customerRead);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: customer.name, level: 1 })).toBeVisible();
});

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element has no box on screen');
  return box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
