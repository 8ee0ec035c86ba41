import { expect, test } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { mainNavigation } from '../src/team';

// Issue 18 item 3: the demo's bank returns (an R01 re-presented, an R02, an R10 after settlement) are listed on
// /ach-return with what was done, beside the return-rate gauge; axe on the page.
test('the ACH returns report lists the demo’s returns with what was done, and the return-rate gauge', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);
  await mainNavigation(page).getByRole('link', { name: 'ACH Returns', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ACH Returns' })).toBeVisible();
  const table = page.getByRole('table', { name: 'ACH Returns' });
  await expect(table.getByRole('row', { name: /R01/ })).toContainText('Re-presented (1 of 2)');
  await expect(table.getByRole('row', { name: /R02/ })).toContainText('Method retired');
  await expect(table.getByRole('row', { name: /R10/ })).toContainText('Autopay stopped');
  for (const name of ['Unauthorized returns', 'Administrative returns', 'All returns'])
    await expect(page.getByRole('group', { name })).toContainText(/threshold/);
  expect(await findBlockingViolations(page)).toEqual([]);
});
