import { expect, test } from '@playwright/test';
import { linkIn, listEmailIds, waitForEmail } from '../src/api';
import { demoUsers } from '../src/demo';
import {
  callAsSignedInUser,
  expectFieldError,
  expectFieldErrors,
  expectRefused,
  fieldByLabel,
  fillFields,
  formMessages as messages,
} from '../src/forms';
import { signIn } from '../src/session';
import { demoMerchantId, newInvitee } from '../src/team';

// Issue 3, done when: bad input on every form gives the spec's message next to the field (docs/product.md §5, §8), and the
// server refuses the same input with the same words (see form-validation-setup.spec.ts). Here: settings
// (general, users, invites, roles, tags, PassTime, Ituran) and the super admin forms (merchant, API key).

test('general settings: name, email, phone, website and the $1.00 minimum payment', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  await page.goto(`/merchants/${merchantId}/settings/general`);
  await expect(fieldByLabel(page, 'Merchant Name')).not.toHaveValue('');
  await fillFields(page, {
    'Merchant Name': '',
    Email: 'nope',
    'Phone Number': '555',
    Website: 'not a url',
    'Minimum Payment Amount': '0.50',
  });
  await page.getByRole('button', { name: 'Save' }).click();
  const paymentMinimum = 'Payment must be larger than $1.00';
  await expectFieldErrors(page, {
    'Merchant Name': messages.required,
    Email: messages.email,
    'Phone Number': messages.phone,
    Website: messages.url,
    'Minimum Payment Amount': paymentMinimum,
  });
  const settings = {
    name: '',
    email: 'nope',
    phone: '555',
    website: 'not a url',
    time_zone: 'America/New_York',
    quiet_hours_start: '08:00',
    quiet_hours_end: '21:00',
    min_payment_amount_cents: 50,
    max_payment_amount_cents: null,
  };
  const response = await callAsSignedInUser(page, {
    method: 'PUT',
    path: `/api/merchants/${merchantId}/settings/`,
    data: settings,
  });
  await expectRefused(response, {
    name: messages.required,
    email: messages.email,
    phone: messages.phone,
    website: messages.url,
    min_payment_amount_cents: paymentMinimum,
  });
});

test('invite user: a bad email, a missing name, and an email already in use', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  await page.goto(`/merchants/${merchantId}/settings/users`);
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await fillFields(dialog, { Email: 'not-an-email', 'Last Name': 'Invitee' });
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expectFieldErrors(dialog, { Email: messages.email, 'First Name': messages.required });
  const path = `/api/merchants/${merchantId}/users/`;
  const invite = { email: 'not-an-email', first_name: '', last_name: 'Invitee', role: 'staff' };
  await expectRefused(await callAsSignedInUser(page, { method: 'POST', path, data: invite }), {
    email: messages.email,
    first_name: messages.required,
  });

  // Only the server knows the email is taken (here by the super admin, who belongs to no merchant).
  await fillFields(dialog, { Email: demoUsers.superAdmin.email, 'First Name': 'Sam' });
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expectFieldError(dialog, 'Email', 'Email address already in use');
  const taken = { ...invite, email: demoUsers.superAdmin.email, first_name: 'Sam' };
  await expectRefused(await callAsSignedInUser(page, { method: 'POST', path, data: taken }), {
    email: 'Email address already in use',
  });
});

test('accept invite: the password rule and a confirmation that does not match', async ({ page, browser }) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const invitee = newInvitee('Robin');
  const before = await listEmailIds(page.request, invitee.email);
  const invited = await callAsSignedInUser(page, {
    method: 'POST',
    path: `/api/merchants/${merchantId}/users/`,
    data: { email: invitee.email, first_name: invitee.firstName, last_name: invitee.lastName, role: 'staff' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = linkIn(await waitForEmail(page.request, invitee.email, /invited/i, before), '/user-invite/');

  const context = await browser.newContext();
  const invitePage = await context.newPage();
  await invitePage.goto(link);
  await fillFields(invitePage, { Password: 'short', 'Confirm Password': 'other' });
  await invitePage.getByRole('button', { name: 'Set Password' }).click();
  const passwordRule =
    'Password must be at least 8 characters with a lowercase letter, an uppercase letter, a number and a special character';
  await expectFieldErrors(invitePage, {
    Password: passwordRule,
    'Confirm Password': 'Passwords do not match',
  });
  const [, , id, token] = link.split('?')[0]!.split('/');
  const response = await invitePage.request.post(`/api/user-invites/${id}/${token}/`, {
    data: { password: 'short', password_confirm: 'other' },
  });
  await expectRefused(response, { password: passwordRule });
  await context.close();
});

test('role form: a name, and a maximum payment below the minimum', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  await page.goto(`/merchants/${merchantId}/settings/roles/create`);
  await fillFields(page, { 'Minimum Payment Amount': '50', 'Maximum Payment Amount': '20' });
  await page.getByRole('button', { name: 'Save' }).click();
  const maxBelowMin = 'Maximum amount must be at least the minimum amount';
  await expectFieldErrors(page, { 'Role Name': messages.required, 'Maximum Payment Amount': maxBelowMin });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const role = {
    role_name: '',
    settings: { min_merchant_payment_amount: '50', max_merchant_payment_amount: '20' },
  };
  const response = await callAsSignedInUser(page, {
    method: 'POST',
    path: `/api/merchants/${merchantId}/roles/`,
    data: role,
  });
  await expectRefused(response, {
    role_name: messages.required,
    'settings.max_merchant_payment_amount': maxBelowMin,
  });
});

test('tag form: a name, and a name the merchant already uses', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const path = `/api/merchants/${merchantId}/account-tags/`;
  const name = `Repo Watch ${Date.now()}`;
  const created = await callAsSignedInUser(page, { method: 'POST', path, data: { name } });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(`/merchants/${merchantId}/settings/tags`);
  await page.getByRole('button', { name: 'Add Tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Tag' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(dialog, 'Tag Name', messages.required);
  await expectRefused(await callAsSignedInUser(page, { method: 'POST', path, data: { name: ' ' } }), {
    name: messages.required,
  });

  await fillFields(dialog, { 'Tag Name': name });
  await dialog.getByRole('button', { name: 'Save' }).click();
  const taken = 'A tag with this name already exists';
  await expectFieldError(dialog, 'Tag Name', taken);
  await expectRefused(await callAsSignedInUser(page, { method: 'POST', path, data: { name } }), {
    name: taken,
  });
});

test('PassTime and Ituran credentials: every field, and a first password', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const vendors = [
    { vendor: 'passtime', fields: { 'Dealer ID': 'dealer_id', Username: 'username' } },
    { vendor: 'ituran', fields: { Username: 'username', 'Account Code': 'account_code' } },
  ] as const;
  for (const { vendor, fields } of vendors) {
    await page.goto(`/merchants/${merchantId}/settings/${vendor}`);
    await page.getByRole('button', { name: 'Save' }).click();
    const labels = Object.keys(fields);
    await expectFieldErrors(page, {
      ...Object.fromEntries(labels.map((label) => [label, messages.required])),
      Password: messages.required,
    });
    const path = `/api/merchants/${merchantId}/integrations/${vendor}/credentials/`;
    const empty = Object.fromEntries(Object.values(fields).map((name) => [name, '']));
    await expectRefused(
      await callAsSignedInUser(page, { method: 'PUT', path, data: { ...empty, password: '' } }),
      {
        ...Object.fromEntries(Object.values(fields).map((name) => [name, messages.required])),
      },
    );
    // With the other fields filled, the server still wants a password while none is stored.
    const filled = Object.fromEntries(Object.values(fields).map((name) => [name, 'filled']));
    await expectRefused(
      await callAsSignedInUser(page, { method: 'PUT', path, data: { ...filled, password: '' } }),
      {
        password: messages.required,
      },
    );
  }
});

test('super admin forms: merchant name and API key name', async ({ page }) => {
  await signIn(page, demoUsers.superAdmin);
  const merchantId = await demoMerchantId(page);

  await page.goto('/merchants/create');
  await fillFields(page, { Name: '   ' });
  await page.getByRole('button', { name: 'Create Merchant' }).click();
  await expectFieldError(page, 'Name', messages.required);
  await expectRefused(
    await callAsSignedInUser(page, { method: 'POST', path: '/api/merchants/', data: { name: '   ' } }),
    {
      name: messages.required,
    },
  );

  await page.goto(`/merchants/${merchantId}/settings/api-keys`);
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expectFieldError(dialog, 'Key Name', messages.required);
  const path = `/api/merchants/${merchantId}/api_keys/`;
  await expectRefused(await callAsSignedInUser(page, { method: 'POST', path, data: { name: '' } }), {
    name: messages.required,
  });
});
