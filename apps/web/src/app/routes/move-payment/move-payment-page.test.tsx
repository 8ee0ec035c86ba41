import type { CustomerAccountRow } from '@paylane/shared/contracts/customer-lookups';
import type { PaymentMove } from '@paylane/shared/contracts/payment-moves';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customersApi, makeListItem, memberProfile } from '../../../test/customer-list-fixtures';
import { customerApi, openCustomerPage } from '../../../test/customer-page-fixtures';
import type { StubRequest } from '../../../test/fetch-stub';
import { storageKeys } from '../../../lib/session-storage';
import { merchantA } from '../../../test/fixtures';
import { accountPage, page, transaction } from '../../../test/payment-fixtures';

// /customers/move-payment (issue 17 item 3): opened on a payment from its row, pick the account it belongs on,
// confirm, and see both accounts' new amounts due; the server's refusals show where they belong.

const api = `/api/merchants/${merchantA.id}`;
const transactionsApi = `${customerApi}accounts/acct-1/transactions/`;
const cash = transaction({ id: 'pay-7', amount_cents: 6_000 });
const cyAccount: CustomerAccountRow = {
  first_name: 'Cy',
  last_name: 'Park',
  customer: 'cust-cy',
  account: 'acct-cy',
  customer_external_id: 'C-2',
  account_external_id: 'ACC-2',
  sms_phone_number: null,
  status: 'active',
  amount_due_cents: 40_000,
  due_date: '2026-12-05',
};
const moved: PaymentMove = {
  id: 'move-1',
  transaction: { ...cash, payment: { ...cash.payment, account_id: 'acct-cy', customer_id: 'cust-cy' } },
  from_account: {
    id: 'acct-1',
    external_id: 'A-1',
    customer_id: 'cust-1',
    customer_name: 'Ada Lovelace',
    amount_due_cents: 18_550,
  },
  to_account: {
    id: 'acct-cy',
    external_id: 'ACC-2',
    customer_id: 'cust-cy',
    customer_name: 'Cy Park',
    amount_due_cents: 34_000,
  },
  amount_cents: 6_000,
  moved_at: '2026-07-05T14:00:00.000Z',
};

function openMovePage(reply: (request: StubRequest) => { status?: number; body: unknown }) {
  // A tools page works in the current merchant.
  window.localStorage.setItem(storageKeys.merchantId, merchantA.id);
  return openCustomerPage('/customers/move-payment?customer=cust-1&account=acct-1&payment=pay-7', {
    profile: memberProfile(['admin']),
    handlers: {
      [`GET ${customersApi}`]: { body: page([makeListItem()]) },
      [`GET ${transactionsApi}`]: { body: accountPage([cash]) },
      [`POST ${api}/customer_accounts/`]: { body: page([cyAccount]) },
      [`POST ${transactionsApi}pay-7/move_payment/`]: reply,
    },
  });
}

async function pickTarget(user: ReturnType<typeof openMovePage>['user']) {
  const box = screen.getByRole('combobox', { name: /Move to account/ });
  await user.type(box, 'ACC-2');
  await user.click(await screen.findByRole('option', { name: 'Account ACC-2 · Cy Park · Active' }));
}

describe('/customers/move-payment', () => {
  it('starts on the payment of its row, confirms, moves once and shows both amounts due', async () => {
    const { api: calls, user } = openMovePage(() => ({ body: moved }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Move Payment' })).toBeVisible();
    expect(await screen.findByRole('combobox', { name: /^Customer/ })).toHaveValue(
      'Ada Lovelace · C-1001 · (214) 555-0123',
    );
    expect(screen.getByRole('combobox', { name: /^Account/ })).toHaveValue('Account A-1 · $125.50 due');
    // Dated on the merchant's clock (America/Chicago).
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Payment/ })).toHaveValue(
        '07/04/2026 3:05 PM CDT · Cash · $60.00',
      ),
    );
    const move = screen.getByRole('button', { name: 'Move Payment' });
    expect(move).toBeDisabled();
    await pickTarget(user);
    await user.click(move);
    const dialog = await screen.findByRole('dialog', { name: 'Move Payment' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to move the payment of $60.00 (Cash) from Account A-1 to Account ACC-2 · Cy Park · Active?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(
      '$60.00 moved from Account A-1 (Ada Lovelace, now $185.50 due) to Account ACC-2 (Cy Park, now $340.00 due).',
    );
    expect(within(done).getByRole('link', { name: 'Open Cy Park' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/cust-cy`,
    );
    const [sent] = calls.callsTo(`POST ${transactionsApi}pay-7/move_payment/`);
    expect(sent?.body).toEqual({ to_account: 'acct-cy' });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refused target under its picker, in the server’s words', async () => {
    const { user } = openMovePage(() => ({
      status: 400,
      body: { to_account: ['Account is set to Inactive'] },
    }));
    await screen.findByRole('heading', { level: 1, name: 'Move Payment' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Payment/ })).not.toHaveValue(''));
    await pickTarget(user);
    await user.click(screen.getByRole('button', { name: 'Move Payment' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Move Payment' })).getByRole('button', {
        name: 'Move',
      }),
    );
    expect(await screen.findByText('Account is set to Inactive')).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
