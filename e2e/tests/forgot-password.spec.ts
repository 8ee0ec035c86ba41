import { expect, test } from '@playwright/test';
import { linkIn, listEmailIds, resetPasswordThroughApi, waitForEmail } from '../src/api';
import { DEMO_PASSWORD, demoUsers, texts } from '../src/demo';
import { expectShell, submitLogin } from '../src/session';

// No other journey signs in as staff, and the demo password is put back afterwards, so this journey
// neither depends on nor disturbs the others, in any order or worker.
const staff = demoUsers.staff;
const newPassword = 'New-Passw0rd!';

test.afterEach(async ({ request }) => {
  await resetPasswordThroughApi(request, staff.email, DEMO_PASSWORD);
});

test('a forgotten password is reset through the emailed link', async ({ page, request }) => {
  const earlierEmails = await listEmailIds(request, staff.email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Trouble logging in?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(staff.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toHaveText(texts.resetSent);

  const resetEmail = await waitForEmail(request, staff.email, /reset/i, earlierEmails);
  await page.goto(linkIn(resetEmail, '/reset-password/'));
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toHaveText(texts.resetDone);

  // The old password no longer works; the new one does.
  await page.getByRole('link', { name: 'Sign In' }).click();
  await submitLogin(page, staff.email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(texts.invalidCredentials);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectShell(page, staff);
});
