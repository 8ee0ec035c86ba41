import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customersApi, makeListItem, memberProfile } from '../../../test/customer-list-fixtures';
import { customerApi, customerPagePath, openCustomerPage } from '../../../test/customer-page-fixtures';
import type { StubRequest } from '../../../test/fetch-stub';
import { accountPage, page, transaction } from '../../../test/payment-fixtures';

// Issue 17 on the customer page: a payment row's Send Receipt (email or text), Download Receipt (the PDF)
// and, for who may undo money, Move Payment.

const transactionsApi = `${customerApi}accounts/acct-1/transactions/`;
const paid = transaction({
  id: 'pay-7',
  method_kind: 'card',
  method_label: 'Visa •••• 4242',
  amount_cents: 5_000,
  fee_cents: 148,
});
const failed = transaction({ id: 'pay-8', status: 'FAILED', failure_message: 'Your card was declined.' });

function openPayments(options: { roles?: string[]; sendReply?: (request: StubRequest) => object } = {}) {
  return openCustomerPage(customerPagePath, {
    profile: memberProfile(options.roles ?? ['staff']),
    handlers: {
      [`GET ${transactionsApi}`]: { body: accountPage([paid, failed]) },
      // The move page's customer picker lists customers.
      [`GET ${customersApi}`]: { body: page([makeListItem()]) },
      [`POST ${transactionsApi}pay-7/send_receipt/`]: (request) =>
        options.sendReply?.(request) ?? {
          status: 201,
          body: { channel: 'email', to: 'ada@example.com', message_id: 'msg-1' },
        },
      [`GET ${transactionsApi}pay-7/download_receipt/`]: {
        raw: '%PDF-1.3 receipt',
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="receipt-PAY7.pdf"',
        },
      },
    },
  });
}

const actionsOf = async (name: RegExp) => screen.findByRole('button', { name });

afterEach(() => vi.restoreAllMocks());

describe('a payment row’s actions', () => {
  it('sends the receipt by the chosen channel once per dialog, and says where it went', async () => {
    const { api, user } = openPayments();
    await user.click(await actionsOf(/Actions for the payment of \$51\.48 · Visa •••• 4242/));
    await user.click(await screen.findByRole('menuitem', { name: 'Send Receipt' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send Receipt' }));
    expect(dialog.getByRole('radio', { name: 'Email' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Send Receipt' }));
    expect(await dialog.findByRole('status')).toHaveTextContent('Receipt sent by email to ada@example.com.');
    const [sent] = api.callsTo(`POST ${transactionsApi}pay-7/send_receipt/`);
    expect(sent?.body).toEqual({ channel: 'email' });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // No menu on a failed payment for staff: no receipt, and moving is not theirs.
    expect(screen.queryByRole('button', { name: /Actions for the payment of \$25\.00/ })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Move Payment' })).toBeNull();
  });

  it('shows the refusal in the dialog, in the server’s words', async () => {
    const { api, user } = openPayments({
      sendReply: () => ({
        status: 400,
        body: { non_field_errors: ['The customer has opted out of email or text messages'] },
      }),
    });
    await user.click(await actionsOf(/Actions for the payment of \$51\.48/));
    await user.click(await screen.findByRole('menuitem', { name: 'Send Receipt' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send Receipt' }));
    await user.click(dialog.getByRole('radio', { name: 'Text' }));
    await user.click(dialog.getByRole('button', { name: 'Send Receipt' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The customer has opted out of email or text messages',
    );
    await user.click(dialog.getByRole('button', { name: 'Send Receipt' }));
    await waitFor(() => expect(api.callsTo(`POST ${transactionsApi}pay-7/send_receipt/`)).toHaveLength(2));
    const [first, second] = api.callsTo(`POST ${transactionsApi}pay-7/send_receipt/`);
    expect(first?.body).toEqual({ channel: 'text' });
    // The same dialog and channel: the same key, so a retry cannot send twice.
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('downloads the receipt PDF under the server’s file name', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => {} }),
    );
    const { api, user } = openPayments();
    await user.click(await actionsOf(/Actions for the payment of \$51\.48/));
    await user.click(await screen.findByRole('menuitem', { name: 'Download Receipt' }));
    await waitFor(() => expect(saved).toEqual(['receipt-PAY7.pdf']));
    const [call] = api.callsTo(`GET ${transactionsApi}pay-7/download_receipt/`);
    expect(call?.headers.get('Accept')).toBe('application/pdf');
  });

  it('offers admins Move Payment, which opens the move page on that payment', async () => {
    const { user, location } = openPayments({ roles: ['admin'] });
    await user.click(await actionsOf(/Actions for the payment of \$51\.48/));
    await user.click(await screen.findByRole('menuitem', { name: 'Move Payment' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Move Payment' })).toBeVisible();
    expect(location()).toBe('/customers/move-payment?customer=cust-1&account=acct-1&payment=pay-7');
  });
});
