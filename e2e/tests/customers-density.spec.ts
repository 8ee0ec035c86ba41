import { expect, test } from '@playwright/test';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 20, done when: at 1440×900 the customer list shows at least 15 rows above the fold; no badge or phone is
// cut or wrapped.
test('the customer list shows 15+ rows above the fold at 1440×900, none wrapped, no badge or phone cut', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  await page.goto(`/merchants/${merchantId}/customers/`);
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const layout = await table.evaluate((element) => {
    const rows = Array.from(element.querySelectorAll('tbody tr'));
    const cut = (node: Element) => node.scrollWidth > node.clientWidth + 1;
    return {
      aboveFold: rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
      tallestRow: Math.max(...rows.map((row) => row.getBoundingClientRect().height)),
      cutBadges: Array.from(element.querySelectorAll('.mantine-Badge-label'))
        .filter(cut)
        .map((n) => n.textContent),
      cutCells: Array.from(element.querySelectorAll('tbody td'))
        .filter(cut)
        .map((n) => n.textContent),
    };
  });
  expect(layout.aboveFold).toBeGreaterThanOrEqual(15);
  // One line of text per row: a wrapped phone or badge would make its row taller.
  expect(layout.tallestRow).toBeLessThanOrEqual(42);
  expect(layout.cutBadges).toEqual([]);
  expect(layout.cutCells).toEqual([]);
});
