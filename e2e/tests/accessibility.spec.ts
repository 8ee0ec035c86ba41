import { expect, test } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { texts } from '../src/demo';

test('the login page has no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: texts.loginHeading })).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
});
