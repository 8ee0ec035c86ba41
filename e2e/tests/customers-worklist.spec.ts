import { expect, test, type Locator } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 20 "Tables for work" on the customer list: sort by Amount Due (biggest first), search as you type, a
// filter chip that removes its filter, the count, the floating bulk-action bar, and no accessibility violation.

/** The cents of each row's Amount Due on the page, in order; a customer without an open account is null. */
async function amountsDue(table: Locator): Promise<(number | null)[]> {
  const headers = await table.getByRole('columnheader').allTextContents();
  const column = headers.findIndex((header) => header.startsWith('Amount Due'));
  const cells = await table.locator(`tbody tr td:nth-child(${column + 1})`).allTextContents();
  return cells.map((text) => {
    if (!/\d/.test(text)) return null;
    const cents = Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
    return text.startsWith('(') ? -cents : cents;
  });
}

test('the customer list sorts by Amount Due, searches as you type, its chips remove filters and chosen rows float their actions', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const listPath = `/merchants/${merchantId}/customers`;
  await page.goto(listPath);
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText(/^[\d,]+ customers$/)).toBeVisible();

  // Amount Due: smallest first, then biggest first; customers with nothing open last either way.
  const amountHeader = table.getByRole('columnheader', { name: /Amount Due/ });
  await amountHeader.getByRole('button').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  await amountHeader.getByRole('button').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/ordering=-amount_due/);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const amounts = await amountsDue(table);
  const known = amounts.filter((amount): amount is number => amount !== null);
  expect(known.length).toBeGreaterThan(1);
  expect(known).toEqual([...known].sort((a, b) => b - a));
  expect(amounts.slice(0, known.length)).toEqual(known);

  // Search as you type: no Enter.
  await page.getByLabel('Search customers').pressSequentially('James Will', { delay: 30 });
  await expect(page).toHaveURL(/search=James\+Will/);
  await expect(table.getByRole('row', { name: /James Williams/ })).toBeVisible();
  await expect(page.getByLabel('Search customers')).toBeFocused();

  // A filter as a chip; its × removes it and leaves the search.
  await page.getByRole('combobox', { name: 'Account Status' }).selectOption('Active');
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips.getByText('Account Status: Active')).toBeVisible();
  await expect(chips.getByText('Search: James Will')).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Remove filter: Account Status: Active' }).click();
  await expect(page).not.toHaveURL(/account_status=/);
  await expect(page).toHaveURL(/search=James\+Will/);
  await expect(page.getByRole('combobox', { name: 'Account Status' })).toHaveValue('');
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(new RegExp(`${listPath}/?\\?ordering=-amount_due$`));
  await expect(page.getByLabel('Search customers')).toHaveValue('');

  // Chosen rows: the bulk actions float at the bottom of the window, the table stays where it was.
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const firstRowTop = await table
    .locator('tbody tr')
    .first()
    .evaluate((row) => row.getBoundingClientRect().top);
  const checkboxes = table.locator('tbody').getByRole('checkbox');
  await checkboxes.nth(0).check();
  await checkboxes.nth(1).check();
  const bar = page.getByRole('region', { name: 'Selected customers' });
  await expect(bar).toContainText('2 customers selected');
  await expect(bar.getByRole('button', { name: 'Save as Group' })).toBeInViewport();
  expect(
    await table
      .locator('tbody tr')
      .first()
      .evaluate((row) => row.getBoundingClientRect().top),
  ).toBe(firstRowTop);
  expect(await findBlockingViolations(page)).toEqual([]);
  await bar.getByRole('button', { name: 'Clear Selection' }).click();
  await expect(bar).toBeHidden();
});
