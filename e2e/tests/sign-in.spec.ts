import { expect, test } from '@playwright/test';
import { DEMO_MERCHANT, demoUsers, texts } from '../src/demo';
import { expectLoginPage, expectShell, logOut, signIn, submitLogin } from '../src/session';

const admin = demoUsers.admin;

test('signing in opens the app shell of the merchant', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, admin.email);
  await expect(page).toHaveURL(/\/$/);
  await expectShell(page, admin);
  await expect(page.getByRole('banner')).toContainText(DEMO_MERCHANT);
});

test('a wrong password shows the exact message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, admin.email, 'Wrong-Password-1');
  await expect(page.getByRole('alert')).toHaveText(texts.invalidCredentials);
  await expectLoginPage(page);
});

test('a protected page sends a signed-out visitor to login and back after signing in', async ({ page }) => {
  await page.goto('/customer-replies');
  await expect(page).toHaveURL(/\/login\?next=(%2F|\/)customer-replies$/);
  await submitLogin(page, admin.email);
  await expect(page).toHaveURL(/\/customer-replies$/);
  await expectShell(page, admin);
});

test('logout returns to login and a reload stays signed out', async ({ page }) => {
  await signIn(page, admin);
  await logOut(page, admin);
  await expectLoginPage(page);

  await page.reload();
  await expectLoginPage(page);
  // The stored session is gone too: a protected page asks to sign in again.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?next=/);
});
