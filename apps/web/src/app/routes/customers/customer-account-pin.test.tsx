import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCustomer, memberProfile } from '../../../test/customer-list-fixtures';
import {
  adaWithAccounts,
  customerApi,
  customerPagePath,
  makeAccount,
  openCustomerPage,
} from '../../../test/customer-page-fixtures';

// The account's pay PIN on the customer page (issue 16 item 6): set with PIN and Confirm PIN in the account
// form, the shared rules' messages before anything is sent, kept when left empty, removed by a checkbox.
const admin = memberProfile(['admin']);
const putPath = `PUT ${customerApi}accounts/acct-1/`;

async function openEditForm(customer: unknown = adaWithAccounts) {
  const opened = openCustomerPage(customerPagePath, {
    profile: admin,
    customer,
    handlers: { [putPath]: { body: makeAccount({ has_pin: true }) } },
  });
  await opened.user.click(await screen.findByRole('button', { name: 'Edit Account A-1' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Account' }));
  return { ...opened, dialog };
}

describe('account pay PIN', () => {
  it("says 'Pins do not match' and the PIN's format before sending, then sends the PIN twice", async () => {
    const { api, user, dialog } = await openEditForm();
    const pin = dialog.getByLabelText('PIN', { exact: true });
    const confirm = dialog.getByLabelText('Confirm PIN');
    expect(pin).toHaveAttribute('inputmode', 'numeric');

    await user.type(pin, '4821');
    await user.type(confirm, '4812');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Pins do not match')).toBeInTheDocument();
    expect(confirm).toHaveAccessibleDescription('Pins do not match');

    await user.clear(pin);
    await user.type(pin, '48a1');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('PIN must be 4 to 6 digits')).toBeInTheDocument();
    expect(api.callsTo(putPath)).toHaveLength(0);

    await user.clear(pin);
    await user.type(pin, '4821');
    await user.clear(confirm);
    await user.type(confirm, '4821');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(putPath)).toHaveLength(1));
    expect(api.callsTo(putPath)[0]?.body).toMatchObject({ pin: '4821', confirm_pin: '4821' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the PIN when left empty and shows the server’s message beside the field', async () => {
    let answers = 0;
    const opened = openCustomerPage(customerPagePath, {
      profile: admin,
      handlers: {
        [putPath]: () =>
          ++answers === 1
            ? { status: 400, body: { confirm_pin: ['Pins do not match'] } }
            : { status: 200, body: adaWithAccounts.accounts[0] },
      },
    });
    await opened.user.click(await screen.findByRole('button', { name: 'Edit Account A-1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Account' }));
    await opened.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Pins do not match')).toBeInTheDocument();
    const body = opened.api.callsTo(putPath)[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('pin');
    expect(body).not.toHaveProperty('confirm_pin');
  });

  it('shows that an account has a PIN, and removes it with the checkbox', async () => {
    const withPin = makeCustomer({ ...adaWithAccounts, accounts: [makeAccount({ has_pin: true })] });
    const { api, user, dialog } = await openEditForm(withPin);
    expect(
      within(screen.getByRole('region', { name: 'Account A-1' })).getByText('Pay PIN').nextSibling,
    ).toHaveTextContent('Set');
    expect(dialog.getByText(/This account has a PIN/)).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: 'Remove the PIN' }));
    expect(dialog.getByLabelText('PIN', { exact: true })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(putPath)).toHaveLength(1));
    expect(api.callsTo(putPath)[0]?.body).toMatchObject({ pin: null });
    expect(api.callsTo(putPath)[0]?.body).not.toHaveProperty('confirm_pin');
  });
});
