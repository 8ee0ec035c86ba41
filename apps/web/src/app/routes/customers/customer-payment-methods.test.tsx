import { act, screen, waitFor, within } from '@testing-library/react';
import { METHOD_ENTRY_MESSAGE_TYPE } from '@paylane/shared/contracts/payment-methods';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../../test/customer-list-fixtures';
import {
  adaWithAccounts,
  customerApi,
  customerPagePath,
  openCustomerPage,
} from '../../../test/customer-page-fixtures';
import { checking, page, visaCredit } from '../../../test/payment-fixtures';

// Issue 16: adding a card or bank account through the processor's hosted entry, renaming and removing one.

const staff = memberProfile(['staff']);
const methodsApi = `${customerApi}payment_methods/`;
const entryApi = `${methodsApi}entry/`;
const sandboxEntry = {
  entry_id: 'entry-1',
  provider: 'sandbox',
  url: '/api/sandbox/entry/entry-1/',
  client_secret: null,
};
const savedCard = { ...visaCredit, id: 'pm-new', nickname: 'Work Visa' };

function openMethods(handlers: Parameters<typeof openCustomerPage>[1]['handlers'] = {}) {
  let saved = false;
  return openCustomerPage(`${customerPagePath}/payment-methods`, {
    profile: staff,
    handlers: {
      [`GET ${methodsApi}`]: () => ({ body: page(saved ? [savedCard, checking] : [checking]) }),
      [`POST ${entryApi}`]: { body: sandboxEntry },
      [`POST ${methodsApi}`]: () => {
        saved = true;
        return { status: 201, body: savedCard };
      },
      ...handlers,
    },
  });
}

/** What the hosted page does when the payer has finished (payment-methods.ts METHOD_ENTRY_MESSAGE_TYPE). */
const postFromEntry = (data: unknown, origin = window.location.origin) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });

describe('payment methods', () => {
  it('adds a card through the hosted entry: the frame, the finished message, the save and the new list', async () => {
    const { api, user } = openMethods();
    await user.click(await screen.findByRole('button', { name: 'Add Card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Card' }));
    expect(api.callsTo(`POST ${entryApi}`)[0]?.body).toEqual({ kind: 'card' });
    expect(dialog.getByTitle('Card entry')).toHaveAttribute('src', sandboxEntry.url);
    await user.type(dialog.getByRole('textbox', { name: /Nickname/ }), 'Work Visa');

    // Another origin, another entry or another kind of message changes nothing.
    await postFromEntry({ type: METHOD_ENTRY_MESSAGE_TYPE, entry_id: 'entry-1' }, 'https://evil.example');
    await postFromEntry({ type: METHOD_ENTRY_MESSAGE_TYPE, entry_id: 'entry-2' });
    await postFromEntry({ type: 'something-else', entry_id: 'entry-1' });
    expect(api.callsTo(`POST ${methodsApi}`)).toHaveLength(0);

    await postFromEntry({ type: METHOD_ENTRY_MESSAGE_TYPE, entry_id: 'entry-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST ${methodsApi}`).map((call) => call.body)).toEqual([
      { entry_id: 'entry-1', nickname: 'Work Visa' },
    ]);
    expect(await screen.findByRole('row', { name: /Work Visa XXXX4242/ })).toBeInTheDocument();
  });

  it('opens a bank entry, and says when the entry is Stripe Elements, which this app does not load', async () => {
    const { api, user } = openMethods({
      [`POST ${entryApi}`]: {
        body: { entry_id: 'seti_1', provider: 'stripe', url: null, client_secret: 'seti_1_secret_x' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Bank Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Bank Account' }));
    expect(api.callsTo(`POST ${entryApi}`)[0]?.body).toEqual({ kind: 'bank' });
    expect(dialog.getByText(/Stripe Elements is configured by the deployment/)).toBeInTheDocument();
    expect(dialog.queryByTitle('Bank account entry')).not.toBeInTheDocument();
  });

  it('renames a method within the 50 characters of docs/product.md §3', async () => {
    const { api, user } = openMethods({
      [`GET ${methodsApi}`]: { body: page([visaCredit]) },
      [`PATCH ${methodsApi}pm-credit/`]: { body: { ...visaCredit, nickname: 'Blue card' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename Visa XXXX4242' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename Visa XXXX4242' }));
    const nickname = dialog.getByRole('textbox', { name: 'Nickname' });
    await user.clear(nickname);
    await user.type(nickname, 'x'.repeat(51));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Ensure this field has no more than 50 characters.')).toBeInTheDocument();
    await user.clear(nickname);
    await user.type(nickname, 'Blue card');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`PATCH ${methodsApi}pm-credit/`).map((call) => call.body)).toEqual([
      { nickname: 'Blue card' },
    ]);
  });

  it('removes a method after the confirmation of docs/product.md §8', async () => {
    const { api, user } = openMethods({
      [`GET ${methodsApi}`]: { body: page([visaCredit]) },
      [`DELETE ${methodsApi}pm-credit/`]: { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Visa XXXX4242' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Payment Method' }));
    expect(dialog.getByText('Are you sure you would like to remove Visa XXXX4242?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${methodsApi}pm-credit/`)).toHaveLength(1));
  });

  it('is read only on a voided customer', async () => {
    openCustomerPage(`${customerPagePath}/payment-methods`, {
      profile: staff,
      customer: { ...adaWithAccounts, voided_at: '2026-07-04T20:05:00.000Z' },
      handlers: { [`GET ${methodsApi}`]: { body: page([visaCredit]) } },
    });
    expect(await screen.findByRole('row', { name: /Visa XXXX4242/ })).toBeInTheDocument();
    for (const name of ['Add Card', 'Add Bank Account', 'Rename Visa XXXX4242', 'Remove Visa XXXX4242']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
