import { expect, test } from '@playwright/test';
import { linkIn, listEmailIds, waitForEmail } from '../src/api';
import { demoUsers, texts } from '../src/demo';
import { expectShell, signIn, submitLogin } from '../src/session';
import { acceptInviteAndSignIn, demoMerchantId, inviteUser, newInvitee } from '../src/team';

// The person who forgets their password is invited for this journey, so no demo login ever changes: other
// journeys sign in as any demo user, in any order or worker.
const newPassword = 'New-Passw0rd!';

test('a forgotten password is reset through the emailed link', async ({ page, browser, request }) => {
  const admin = await browser.newPage();
  await signIn(admin, demoUsers.admin);
  const invitee = newInvitee('Robin');
  const link = await inviteUser(admin, request, {
    merchantId: await demoMerchantId(admin),
    invitee,
    role: 'Staff',
  });
  await (await acceptInviteAndSignIn(browser, link, invitee)).context().close();
  await admin.close();
  const staff = { email: invitee.email, name: `${invitee.firstName} ${invitee.lastName}` };
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
  await submitLogin(page, staff.email, invitee.password);
  await expect(page.getByRole('alert')).toHaveText(texts.invalidCredentials);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectShell(page, staff);
});
