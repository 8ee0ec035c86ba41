import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../../test/customer-list-fixtures';
import { customerApi, customerPagePath, openCustomerPage } from '../../../test/customer-page-fixtures';
import type { StubReply } from '../../../test/fetch-stub';
import { accountPage, demoCardFee } from '../../../test/payment-fixtures';

// Request Payment on an account (issue 16 item 4): the customer is texted a new pay link with the
// PAYMENTREQUEST template; one Idempotency-Key per opening, so a retry texts once.

const requestApi = `${customerApi}accounts/acct-1/requested_payment/`;
const sentLink = {
  payment_link: 'http://127.0.0.1:3000/pay/Ab3dE5gH7kAb3dE5gH7kAb3dE5gH7kAb3dE5gH7kAb3',
  expires_at: '2026-12-03T15:00:00.000Z',
};

function openAccounts(post: () => StubReply) {
  return openCustomerPage(customerPagePath, {
    profile: memberProfile(['staff']),
    handlers: {
      [`GET ${customerApi}accounts/acct-1/transactions/`]: { body: accountPage([], demoCardFee) },
      [`POST ${requestApi}`]: post,
    },
  });
}

async function openRequest(user: ReturnType<typeof openAccounts>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Request Payment on Account A-1' }));
  return within(await screen.findByRole('dialog', { name: 'Request Payment' }));
}

describe('Request Payment', () => {
  it('texts a link once: a retry after a lost answer sends the same Idempotency-Key, a new opening a new one', async () => {
    let answers = 0;
    const { api, user } = openAccounts(() => {
      answers += 1;
      return answers === 1
        ? { status: 502, body: { detail: 'Bad gateway' } }
        : { status: 201, body: sentLink };
    });
    let dialog = await openRequest(user);
    await user.click(dialog.getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(api.callsTo(`POST ${requestApi}`)).toHaveLength(1));
    await user.click(await dialog.findByRole('button', { name: 'Send Request' }));
    expect(await dialog.findByText('Payment request sent')).toBeInTheDocument();
    expect(dialog.getByText(sentLink.payment_link)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openRequest(user);
    await user.click(dialog.getByRole('button', { name: 'Send Request' }));
    await dialog.findByText('Payment request sent');

    const calls = api.callsTo(`POST ${requestApi}`);
    const [first, retry, next] = calls.map((call) => call.headers.get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(calls[0]?.body).toEqual({ customer_id: 'cust-1' });
  });

  it('shows why the server refused, in the spec’s words, and sends nothing else', async () => {
    const { api, user } = openAccounts(() => ({
      status: 400,
      body: { non_field_errors: ['The customer has opted out of email or text messages'] },
    }));
    const dialog = await openRequest(user);
    await user.click(dialog.getByRole('button', { name: 'Send Request' }));
    expect(
      await dialog.findByText('The customer has opted out of email or text messages'),
    ).toBeInTheDocument();
    expect(dialog.queryByText('Payment request sent')).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${requestApi}`)).toHaveLength(1);
  });
});
