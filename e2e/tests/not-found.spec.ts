import { expect, test } from '@playwright/test';
import { demoUsers } from '../src/demo';
import { expectLoginPage, expectShell, signIn } from '../src/session';

test('an unknown page offers a way to login when signed out', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Dashboard' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expectLoginPage(page);
});

test('an unknown page offers the dashboard when signed in', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Login' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectShell(page, demoUsers.admin);
});
