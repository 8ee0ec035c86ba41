import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Merchant } from '@paylane/shared/contracts/merchants';
import type { Profile } from '@paylane/shared/contracts/profile';
import { memberProfile } from '../../test/customer-list-fixtures';
import { stubFetch, type StubReply, type StubRequest } from '../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { composeHandlers } from './compose-test-fixtures';

// The compose modal's tests open it as a user does: the customer list, chosen customers, 'Group Message'.

const listPath = `/merchants/${merchantA.id}/customers`;

export function openCustomers(
  options: { profile?: Profile; merchant?: Merchant; extra?: Parameters<typeof stubFetch>[0] } = {},
) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({
      profile: options.profile ?? memberProfile(['staff']),
      merchants: [options.merchant ?? merchantA],
    }),
    ...composeHandlers,
    ...options.extra,
  });
  return { api, ...renderApp(listPath) };
}

export async function openCompose(user: ReturnType<typeof renderApp>['user'], select: string[] = []) {
  await screen.findByRole('row', { name: /Ada Lovelace/ });
  for (const name of select) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await user.click(screen.getByRole('button', { name: 'Group Message' }));
  return screen.findByRole('dialog', { name: 'New Mass Text Message' });
}

export async function pickOption(
  user: ReturnType<typeof renderApp>['user'],
  dialog: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The options of the open dropdown (not the page's native selects). */
export const optionTexts = async () =>
  within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);

/** A send answer held until the test releases it, so the busy state can be seen. */
export function heldSend() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (request: StubRequest): Promise<StubReply> => {
    await held;
    const { customers } = request.body as { customers: string[] };
    return { body: { batch_id: 'batch-1', queued: customers.length, skipped: 0, unknown_customers: [] } };
  };
  return { handler, release: () => release() };
}

/** Review, then the review itself (its heading), as Send now follows it. */
export async function review(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Review' }));
  const panel = await within(dialog).findByTestId('compose-review');
  expect(within(panel).getByRole('heading', { name: 'Review' })).toHaveFocus();
  return panel;
}
