import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCustomer, memberProfile, page } from '../../test/customer-list-fixtures';
import { makeAccount, openCustomerPage } from '../../test/customer-page-fixtures';
import { stubWebSocket } from '../../test/fake-web-socket';
import { merchantA } from '../../test/fixtures';
import type { StubReply } from '../../test/fetch-stub';
import { chatPage, makeTemplate, messagesApi, templatesApi } from './chat-test-fixtures';

const chatPath = `/merchants/${merchantA.id}/customers/cust-1/messages`;
const linkApi = `/api/merchants/${merchantA.id}/customers/cust-1/accounts/acct-1/create_payment_link/`;
const link = 'https://pay.paylane.test/pay/Ab3dE5gH7kLm9nP1qR3sT5uV7wX9yZ1aB3cD5eF7gH9';

function openChat(profile: ReturnType<typeof memberProfile>, handlers: Record<string, StubReply> = {}) {
  stubWebSocket();
  return openCustomerPage(chatPath, {
    profile,
    customer: makeCustomer({ accounts: [makeAccount()] }),
    handlers: {
      [`GET ${messagesApi()}`]: { body: chatPage([]) },
      [`GET ${templatesApi}`]: { body: page([makeTemplate()]) },
      ...handlers,
    },
  });
}

// The chat's Payment Link button (issue 16 item 6): a new link for the chat's account goes into the message, and
// staff send it.
describe("the chat's Payment Link button", () => {
  it('creates a link for the account and adds it to what is typed', async () => {
    const { user, api } = openChat(memberProfile(['staff']), {
      [`POST ${linkApi}`]: { status: 201, body: { payment_link: link, expires_at: '2026-12-02T12:00:00Z' } },
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Pay here:');
    await user.click(screen.getByRole('button', { name: 'Payment Link' }));
    await waitFor(() => expect(box).toHaveValue(`Pay here: ${link}`));
    expect(api.callsTo(`POST ${linkApi}`)).toHaveLength(1);
  });

  it('shows why a link cannot be made', async () => {
    const { user } = openChat(memberProfile(['staff']), {
      [`POST ${linkApi}`]: {
        status: 400,
        body: { non_field_errors: ['This account has already been paid'] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Payment Link' }));
    expect(await screen.findByText('This account has already been paid')).toBeInTheDocument();
  });

  it('is off without free typing (the Payment Request template carries a link instead)', async () => {
    openChat(memberProfile(['Collector', 'staff']), {
      [`GET /api/merchants/${merchantA.id}/`]: { body: { ...merchantA, check_custom_roles: true } },
    });
    const button = await screen.findByRole('button', { name: 'Payment Link' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(
      screen.getByText('Without free typing, send the Payment Request template instead.'),
    ).toBeInTheDocument();
  });
});
