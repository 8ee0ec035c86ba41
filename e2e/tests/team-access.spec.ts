import { expect, test } from '@playwright/test';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { acceptInviteAndSignIn, chooseOption, inviteUser, mainNavigation, newInvitee } from '../src/team';

// Issue 3, done when: invited people get exactly the navigation their role allows (docs/product.md §6), and a custom
// role without is_template_update_allowed takes the template pages away on a check_custom_roles merchant.
const staffNavigation = [
  'Home',
  // With the count of unread conversations beside it once that arrives.
  /^Inbox(\d+\+?)?$/,
  'Customers',
  'Customer Groups',
  'Misc Payments',
  'Message Templates',
  'Message Report',
  'Payment Report',
  'Promises',
  'Autopay Summary',
  'Autopay Failures',
  'ACH Returns',
  // With the count of open failed actions beside it, when there are some.
  /^Failed Actions(\d+\+?)?$/,
];

test('an admin invites a user, who sets a password and sees only staff navigation', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, demoUsers.admin);
  await mainNavigation(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/merchants\/[0-9a-f-]+\/settings\/general$/);
  const merchantId = page.url().split('/merchants/')[1]!.split('/')[0]!;

  const invitee = newInvitee('Sky');
  const link = await inviteUser(page, request, { merchantId, invitee, role: 'Staff' });
  await expect(page.getByRole('row', { name: new RegExp(invitee.email) })).toContainText('Pending');

  const staffPage = await acceptInviteAndSignIn(browser, link, invitee);
  await expect(mainNavigation(staffPage).getByRole('link')).toHaveText(staffNavigation);
  await expect(staffPage.getByRole('banner').getByRole('button', { name: /Sky Invitee/ })).toContainText(
    'Staff',
  );
  // Pages beyond staff rights send the user home (docs/product.md §6 guards).
  await staffPage.goto(`/merchants/${merchantId}/settings/users`);
  await expect(staffPage).toHaveURL(/\/$/);

  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(invitee.email) })).toContainText('Active');
  await staffPage.context().close();
});

test('a custom role without is_template_update_allowed takes the template pages away', async ({
  page,
  browser,
  request,
}) => {
  // A super admin sets up a merchant that checks custom roles, and invites its admin.
  await signIn(page, demoUsers.superAdmin);
  await page.goto('/merchants/create');
  await page.getByLabel('Name').fill(`Custom Roles Motors ${Date.now()}`);
  await page.getByLabel('Check Custom Roles').check();
  await page.getByRole('button', { name: 'Create Merchant' }).click();
  await expect(page).toHaveURL(/\/merchants\/[0-9a-f-]{36}$/);
  const merchantId = page.url().split('/merchants/')[1]!;
  const admin = newInvitee('Ada');
  const adminLink = await inviteUser(page, request, { merchantId, invitee: admin, role: 'Admin' });
  const adminPage = await acceptInviteAndSignIn(browser, adminLink, admin);

  // The admin creates two roles, and invites a user with the one that may edit templates.
  for (const role of [
    { name: 'Template Writer', flags: ['Manage message templates'] },
    { name: 'Collector', flags: ['Edit notes'] },
  ]) {
    await adminPage.goto(`/merchants/${merchantId}/settings/roles/create`);
    await adminPage.getByLabel('Role Name').fill(role.name);
    for (const flag of role.flags) await adminPage.getByLabel(flag).check();
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(adminPage.getByText('Role saved!')).toBeVisible();
  }
  const user = newInvitee('Lee');
  const userLink = await inviteUser(adminPage, request, {
    merchantId,
    invitee: user,
    role: 'Staff',
    customRole: 'Template Writer',
  });
  const userPage = await acceptInviteAndSignIn(browser, userLink, user);
  await expect(mainNavigation(userPage).getByRole('link', { name: 'Message Templates' })).toBeVisible();

  // Reassigned to Collector, the user loses the template pages.
  await adminPage.goto(`/merchants/${merchantId}/settings/users`);
  await adminPage.getByRole('button', { name: `Change role of ${user.firstName} ${user.lastName}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Change Role' });
  await chooseOption(adminPage, dialog.getByRole('combobox', { name: 'Custom Role' }), 'Collector');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(adminPage.getByRole('row', { name: new RegExp(user.email) })).toContainText('Collector');

  await userPage.reload();
  await expect(mainNavigation(userPage).getByRole('link', { name: 'Customers' })).toBeVisible();
  await expect(mainNavigation(userPage).getByRole('link', { name: 'Message Templates' })).toHaveCount(0);
  await adminPage.context().close();
  await userPage.context().close();
});
