import { screen, within } from '@testing-library/react';
import type { AchReturn } from '@paylane/shared/contracts/bank-returns';
import { describe, expect, it } from 'vitest';
import { makeCustomer, memberProfile } from '../../../test/customer-list-fixtures';
import {
  adaWithAccounts,
  customerApi,
  customerPagePath,
  makeAccount,
  openCustomerPage,
} from '../../../test/customer-page-fixtures';

import { checking, page, visaCredit } from '../../../test/payment-fixtures';

// Bank returns on the customer page (issue 18 item 3): an account whose autopay a return stopped says so with
// the code; the account's returns list what was done; a method retired after R02 is listed as retired and is
// not offered when taking a payment.

const staff = memberProfile(['staff']);
const returnsApi = `GET ${customerApi}accounts/acct-1/bank_returns/`;

const r10: AchReturn = {
  id: 'ret-1',
  transaction_id: 'pay-1',
  customer: { id: 'cust-1', first_name: 'Ada', last_name: 'Lovelace', external_id: null },
  account: { id: 'acct-1', external_id: 'A-1' },
  amount_cents: 10_000,
  code: 'R10',
  reason: 'Customer advises not authorized',
  returned_at: '2026-07-10T17:00:00.000Z',
  was_settled: true,
  action: 'stop_autopay',
  action_taken: 'Autopay stopped',
  represent_number: null,
  represent_transaction_id: null,
};

const retired = {
  ...checking,
  id: 'pm-retired',
  nickname: 'Old checking',
  is_retired: true,
  retired_reason: 'R02 Account closed',
};

describe('bank returns on the customer page', () => {
  it('shows “Autopay stopped: R10 …” on the account and its returns with what was done', async () => {
    const customer = makeCustomer({
      ...adaWithAccounts,
      accounts: [makeAccount({ autopay_enabled: false }), ...adaWithAccounts.accounts.slice(1)],
    });
    openCustomerPage(customerPagePath, {
      profile: staff,
      customer,
      handlers: { [returnsApi]: { body: page([r10]) } },
    });
    expect(
      await screen.findByText('Autopay stopped: R10 Customer advises not authorized'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Bank returns' });
    expect(
      within(list).getByText(/R10 Customer advises not authorized · Autopay stopped/),
    ).toBeInTheDocument();
  });

  it('lists a retired method as retired, with why', async () => {
    openCustomerPage(`${customerPagePath}/payment-methods`, {
      profile: staff,
      handlers: { [`GET ${customerApi}payment_methods/`]: { body: page([visaCredit, retired]) } },
    });
    expect(await screen.findByText('Retired')).toBeInTheDocument();
    expect(screen.getByText('Retired after a bank return: R02 Account closed')).toBeInTheDocument();
  });

  it('does not offer a retired method when taking a payment', async () => {
    const { user } = openCustomerPage(customerPagePath, {
      profile: staff,
      handlers: { [`GET ${customerApi}payment_methods/`]: { body: page([visaCredit, retired]) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Take Payment on Account A-1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Take Payment' }));
    const payWith = await dialog.findByRole('combobox', { name: /Pay With/ });
    const offered = within(payWith)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toContain('Visa XXXX4242');
    expect(offered.some((text) => text?.includes('Old checking'))).toBe(false);
  });
});
