import { screen, waitFor, within } from '@testing-library/react';
import type { Autopay } from '@paylane/shared/contracts/autopay';
import { describe, expect, it } from 'vitest';
import { makeCustomer, memberProfile } from '../../../test/customer-list-fixtures';
import {
  customerApi,
  customerPagePath,
  makeAccount,
  openCustomerPage,
} from '../../../test/customer-page-fixtures';
import type { StubReply, StubRequest } from '../../../test/fetch-stub';
import { page, visaCredit } from '../../../test/payment-fixtures';

// Autopay on the customer page (issue 18 item 1): each account says On (method, due day) or Off; Set Up Autopay
// shows the server's authorization text for the chosen method and due day and enables only once staff confirm the
// customer agreed; Stop Autopay asks first; refusals are said in the server's words.

const autopayApi = `${customerApi}accounts/acct-1/autopay/`;
const authorization =
  'I, Ada Lovelace, authorize Demo Motors to charge my payment method Visa •••• 4242 for the amount due on account A-1.';

const enrolment = {
  id: 'enrol-1',
  customer: { id: 'cust-1', first_name: 'Ada', last_name: 'Lovelace' },
  payment_method: { id: visaCredit.id, label: 'Visa •••• 4242' },
  due_day: 5,
  authorization_text: authorization,
  enrolled_by: { id: 'user-1', first_name: 'Sam', last_name: 'Staff' },
  enrolled_at: '2026-11-01T15:00:00.000Z',
  stopped_at: null,
  stop_reason: null,
};
const answer = (overrides: Partial<Autopay> = {}): Autopay => ({
  autopay_enabled: true,
  enrolment,
  authorization_text: null,
  ...overrides,
});

function openAutopay(options: {
  isOn: boolean;
  get?: (request: StubRequest) => StubReply;
  post?: (request: StubRequest) => StubReply;
}) {
  return openCustomerPage(customerPagePath, {
    profile: memberProfile(['staff']),
    customer: makeCustomer({ accounts: [makeAccount({ autopay_enabled: options.isOn })] }),
    handlers: {
      [`GET ${customerApi}payment_methods/`]: { body: page([visaCredit]) },
      [`GET ${autopayApi}`]: (request) => options.get?.(request) ?? { body: answer() },
      [`POST ${autopayApi}`]: (request) => options.post?.(request) ?? { status: 201, body: answer() },
      [`DELETE ${autopayApi}`]: { body: answer({ autopay_enabled: false }) },
    },
  });
}

const section = async () => within(await screen.findByRole('region', { name: 'Autopay on Account A-1' }));

describe('Autopay on an account', () => {
  it('shows On with the method and due day, and stops only after asking', async () => {
    const { api, user } = openAutopay({ isOn: true });
    const autopay = await section();
    expect(autopay.getByText('On')).toBeInTheDocument();
    expect(await autopay.findByText('Visa •••• 4242, due day 5th')).toBeInTheDocument();
    await user.click(autopay.getByRole('button', { name: 'Stop Autopay' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stop Autopay' }));
    expect(api.callsTo(`DELETE ${autopayApi}`)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Stop Autopay' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${autopayApi}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sets up: shows the server’s authorization for the choice and enables only once the customer agreed', async () => {
    const { api, user } = openAutopay({
      isOn: false,
      get: (request) =>
        request.search.get('payment_method')
          ? {
              body: answer({
                autopay_enabled: false,
                enrolment: null,
                authorization_text: `${authorization} Due day ${request.search.get('due_day')}.`,
              }),
            }
          : { body: answer({ autopay_enabled: false, enrolment: null }) },
    });
    const autopay = await section();
    expect(autopay.getByText('Off')).toBeInTheDocument();
    await user.click(autopay.getByRole('button', { name: 'Set Up Autopay' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set Up Autopay' }));
    // The due day starts at the account's due date's day (12/05) and offers 1–28 only.
    expect(dialog.getByLabelText(/^Due Day/)).toHaveValue('5');
    expect(within(dialog.getByLabelText(/^Due Day/)).queryByRole('option', { name: '29' })).toBeNull();
    const agree = dialog.getByRole('checkbox', {
      name: 'I have read the authorization to the customer and they agree',
    });
    expect(agree).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Enable' })).toBeDisabled();

    await user.selectOptions(dialog.getByLabelText(/^Payment Method/), 'Visa XXXX4242');
    await user.selectOptions(dialog.getByLabelText(/^Due Day/), '12');
    expect(await dialog.findByText(`${authorization} Due day 12.`)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Enable' })).toBeDisabled();
    await user.click(agree);
    await user.click(dialog.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Autopay enabled')).toBeInTheDocument();
    expect(api.callsTo(`POST ${autopayApi}`)[0]?.body).toEqual({
      payment_method: visaCredit.id,
      due_day: 12,
      authorization_accepted: true,
    });
  });

  it('says a refusal in the server’s words and keeps the modal open', async () => {
    const { user } = openAutopay({
      isOn: false,
      get: () => ({
        body: answer({ autopay_enabled: false, enrolment: null, authorization_text: authorization }),
      }),
      post: () => ({
        status: 400,
        body: { non_field_errors: ['Autopay is already setup by another customer'] },
      }),
    });
    const autopay = await section();
    await user.click(autopay.getByRole('button', { name: 'Set Up Autopay' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set Up Autopay' }));
    await user.selectOptions(dialog.getByLabelText(/^Payment Method/), 'Visa XXXX4242');
    await user.click(await dialog.findByRole('checkbox', { name: /they agree/ }));
    await user.click(dialog.getByRole('button', { name: 'Enable' }));
    expect(await dialog.findByText('Autopay is already setup by another customer')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Set Up Autopay' })).toBeInTheDocument();
  });
});
