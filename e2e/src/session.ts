// What a user does to start and end a session, written once so every journey signs in the same way.
import { expect, type Page } from '@playwright/test';
import { DEMO_MERCHANT, DEMO_PASSWORD, texts, type DemoUser } from './demo';

/** Fills the login form (already open) and submits it. */
export async function submitLogin(
  page: Page,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await expect(page.getByRole('heading', { name: texts.loginHeading })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens /login, signs in and waits for the app shell. */
export async function signIn(page: Page, user: DemoUser, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, user.email, password);
  await expectShell(page, user);
}

/** The signed-in shell: the merchant's name in the header and the user's menu. */
export async function expectShell(page: Page, user: DemoUser): Promise<void> {
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByText(DEMO_MERCHANT, { exact: true })).toBeVisible();
  await expect(userMenu(page, user)).toBeVisible();
}

/** The header button with the user's name (and role) that opens the menu holding Logout. */
export function userMenu(page: Page, user: DemoUser) {
  return page.getByRole('banner').getByRole('button', { name: user.name });
}

export async function logOut(page: Page, user: DemoUser): Promise<void> {
  await userMenu(page, user).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

export async function expectLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: texts.loginHeading })).toBeVisible();
}
