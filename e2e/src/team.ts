// What an admin does in Settings → Users and what an invited person does with the emailed link, written
// once for the journeys of the access model (issue 3).
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { linkIn, listEmailIds, waitForEmail } from './api';
import { submitLogin } from './session';

export type Invitee = { email: string; firstName: string; lastName: string; password: string };

/** A person nobody has invited yet; unique per run so journeys never collide. */
export function newInvitee(firstName: string): Invitee {
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  return {
    email: `${firstName.toLowerCase()}-${tag}@invitee.paylane.test`,
    firstName,
    lastName: 'Invitee',
    password: 'Invitee-Pass-1',
  };
}

export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The id of the signed-in user's merchant, read from where the navigation's Locations link leads. */
export async function demoMerchantId(page: Page): Promise<string> {
  await mainNavigation(page).getByRole('link', { name: 'Locations' }).click();
  await expect(page).toHaveURL(/\/merchants\/[0-9a-f-]{36}\/locations$/);
  return page.url().split('/merchants/')[1]!.split('/')[0]!;
}

/** Opens Settings → Users of a merchant and invites someone with a role (and custom role, if given). */
export async function inviteUser(
  page: Page,
  request: APIRequestContext,
  input: { merchantId: string; invitee: Invitee; role: 'Staff' | 'Admin'; customRole?: string },
): Promise<string> {
  const { invitee } = input;
  const before = await listEmailIds(request, invitee.email);
  await page.goto(`/merchants/${input.merchantId}/settings/users`);
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill(invitee.email);
  await dialog.getByLabel('First Name').fill(invitee.firstName);
  await dialog.getByLabel('Last Name').fill(invitee.lastName);
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Role', exact: true }), input.role);
  if (input.customRole)
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Custom Role' }), input.customRole);
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email}`)).toBeVisible();
  const email = await waitForEmail(request, invitee.email, /invited/i, before);
  return linkIn(email, '/user-invite/');
}

/** In a fresh browser context (its own storage): sets the password from the link and signs in. */
export async function acceptInviteAndSignIn(browser: Browser, link: string, invitee: Invitee): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByText(`Set a password for ${invitee.email}`)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(invitee.password);
  await page.getByLabel('Confirm Password').fill(invitee.password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, invitee.email, invitee.password);
  await expect(mainNavigation(page)).toBeVisible();
  return page;
}

/** Mantine Select: open it and click the option. */
export async function chooseOption(page: Page, input: ReturnType<Page['getByRole']>, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
