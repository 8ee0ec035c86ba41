import { screen, waitFor, within } from '@testing-library/react';
import type { FailedAction } from '@paylane/shared/contracts/failed-actions';
import { describe, expect, it } from 'vitest';
import { memberProfile, page } from '../../../test/customer-list-fixtures';
import { stubWebSocket } from '../../../test/fake-web-socket';
import { stubFetch } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// /merchants/{merchantID}/failed-actions and Home's /failed-payments (issue 18 item 4): the list with its
// customer links and reasons, Retry and Resolve with the spec's toasts at the bottom centre, refusals in the
// server's words, and the bulk variants (the selection by id, kept while the page re-renders and refetches).

const root = `/api/merchants/${merchantA.id}/failed-actions/`;
const listApi = `GET ${root}`;
/** The page's own list calls (the navigation counts open failed actions with a page of one beside them). */
const pageCalls = (api: { callsTo: (key: string) => { search: URLSearchParams }[] }) =>
  api.callsTo(listApi).filter((call) => call.search.get('page_size') !== '1');

function makeAction(overrides: Partial<FailedAction> = {}): FailedAction {
  return {
    id: 'action-1',
    kind: 'autopay',
    state: 'open',
    customer: { id: 'cust-1', first_name: 'Ada', last_name: 'Lovelace' },
    account: { id: 'acct-1', external_id: 'A-1' },
    payment_id: 'pay-1',
    message_id: null,
    amount: 25_000,
    reason_code: 'card_declined',
    reason_message: 'Your card was declined.',
    is_retryable: true,
    is_resolvable: true,
    retry_count: 0,
    retry_payment_id: null,
    retry_message_id: null,
    created_at: '2027-07-10T13:00:00Z',
    resolved_at: null,
    resolved_by: null,
    ...overrides,
  };
}

const grace = makeAction({
  id: 'action-2',
  kind: 'message',
  customer: { id: 'cust-2', first_name: 'Grace', last_name: 'Hopper' },
  account: { id: 'acct-2', external_id: 'B-7' },
  payment_id: null,
  message_id: 'msg-1',
  amount: null,
  reason_code: '30003',
  reason_message: 'Unreachable destination handset',
});

type Handlers = Parameters<typeof stubFetch>[0];

function open(path: string, handlers: Handlers) {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  stubWebSocket();
  const api = stubFetch({ ...signedInApi({ profile: memberProfile(['staff']) }), ...handlers });
  return { api, ...renderApp(path) };
}

/**
 * The toast `act` shows, and where: watched from before `act` starts, because the toast lives 2 s and a busy
 * machine can spend that long inside one click.
 */
async function toastAfter(text: string, act: () => Promise<void>) {
  const shown = screen.findByText(text).then((toast) => ({
    text: toast.textContent,
    position: toast.closest('[data-position]')?.getAttribute('data-position'),
  }));
  await act();
  return shown;
}

describe('/merchants/{merchantID}/failed-actions', () => {
  const path = `/merchants/${merchantA.id}/failed-actions`;

  it('lists the open actions by 100: when, kind, customer link, account, reason, retryable, state', async () => {
    const { api } = open(path, { [listApi]: { body: page([makeAction(), grace]) } });
    const table = await screen.findByRole('table', { name: 'Failed Actions' });
    expect(screen.getByRole('heading', { level: 1, name: 'Failed Actions' })).toBeInTheDocument();
    const ada = await within(table).findByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/cust-1`,
    );
    for (const text of ['Autopay', 'A-1', 'Your card was declined. ($250.00)', 'Yes', 'Open']) {
      expect(within(ada).getByText(text)).toBeInTheDocument();
    }
    expect(within(table).getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent(
      'Unreachable destination handset',
    );
    const query = pageCalls(api).at(-1)!.search;
    expect(query.get('page_size')).toBe('100');
    expect(query.get('state')).toBe('open');
  });

  it("Retry shows 'Succesfully Retried and Resolved Action' at the bottom centre", async () => {
    const retryApi = `POST ${root}action-1/retry/`;
    const { api, user } = open(path, {
      [listApi]: { body: page([makeAction()]) },
      [retryApi]: { body: makeAction({ state: 'retried', retry_count: 1, retry_payment_id: 'pay-2' }) },
    });
    const retry = await screen.findByRole('button', { name: 'Retry the Autopay of Ada Lovelace' });
    expect(await toastAfter('Succesfully Retried and Resolved Action', () => user.click(retry))).toEqual({
      text: 'Succesfully Retried and Resolved Action',
      position: 'bottom-center',
    });
    expect(api.callsTo(retryApi)).toHaveLength(1);
  });

  it("Resolve shows 'Marked Action as Resolved'; a refused retry shows the server's words", async () => {
    const { user } = open(path, {
      [listApi]: { body: page([makeAction()]) },
      [`POST ${root}action-1/resolve/`]: { body: makeAction({ state: 'resolved' }) },
      [`POST ${root}action-1/retry/`]: {
        status: 400,
        body: { detail: 'This action must be manually resolved' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Retry the Autopay of Ada Lovelace' }));
    expect(await screen.findByText('This action must be manually resolved')).toBeInTheDocument();
    const resolve = screen.getByRole('button', { name: 'Resolve the Autopay of Ada Lovelace' });
    expect(await toastAfter('Marked Action as Resolved', () => user.click(resolve))).toEqual({
      text: 'Marked Action as Resolved',
      position: 'bottom-center',
    });
  });

  it('a declined retry keeps the action open and says why', async () => {
    const { user } = open(path, {
      [listApi]: { body: page([makeAction()]) },
      [`POST ${root}action-1/retry/`]: {
        body: makeAction({ retry_count: 1, reason_message: 'Your card has insufficient funds.' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Retry the Autopay of Ada Lovelace' }));
    expect(await screen.findByText('Your card has insufficient funds.')).toBeInTheDocument();
  });

  it("Resolve Selected sends the chosen rows, kept across a refetch and without a row that is gone; 'Marked Action as Resolved'", async () => {
    const bulkResolve = `POST ${root}resolve/`;
    let rows = [makeAction(), grace];
    const { api, user } = open(path, {
      [listApi]: () => ({ body: page(rows) }),
      // Grace's message is retried on its own: the list fetched after it no longer has it.
      [`POST ${root}action-2/retry/`]: () => {
        rows = [makeAction()];
        return { body: { ...grace, state: 'retried', retry_count: 1, retry_message_id: 'msg-2' } };
      },
      [bulkResolve]: { body: { results: [makeAction({ state: 'resolved' })], errors: [] } },
    });
    const ada = await screen.findByRole('checkbox', { name: 'Select the Autopay of Ada Lovelace' });
    await user.click(ada);
    // The same box, checked and still focused, once the page has re-rendered with the choice.
    expect(ada).toBeChecked();
    expect(ada).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Select the Message of Grace Hopper' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    const retryGrace = screen.getByRole('button', { name: 'Retry the Message of Grace Hopper' });
    await toastAfter('Succesfully Retried and Resolved Action', () => user.click(retryGrace));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    expect(ada).toBeChecked();

    const resolveSelected = screen.getByRole('button', { name: 'Resolve Selected' });
    expect(resolveSelected).toBeEnabled();
    expect(await toastAfter('Marked Action as Resolved', () => user.click(resolveSelected))).toEqual({
      text: 'Marked Action as Resolved',
      position: 'bottom-center',
    });
    expect(api.callsTo(bulkResolve).map((call) => call.body)).toEqual([{ ids: ['action-1'] }]);
    expect(await screen.findByText('Select actions, or act on all open ones')).toBeInTheDocument();
  });

  it('bulk: all open ones of the chosen kind after a confirmation', async () => {
    const bulkRetry = `POST ${root}retry/`;
    const { api, user } = open(path, {
      [listApi]: { body: page([makeAction(), grace]) },
      [bulkRetry]: {
        body: { results: [], errors: [{ id: 'action-2', detail: 'This action must be manually resolved' }] },
      },
    });
    await screen.findByRole('checkbox', { name: 'Select the Autopay of Ada Lovelace' });
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Message' }));
    await waitFor(() => expect(pageCalls(api).at(-1)!.search.get('kind')).toBe('message'));
    await user.click(screen.getByRole('button', { name: 'Retry All' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry All' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry All' }));
    expect(await screen.findByText('This action must be manually resolved')).toBeInTheDocument();
    expect(api.callsTo(bulkRetry)[0]?.body).toEqual({ all: true, kind: 'message' });
  });
});

describe('/failed-payments', () => {
  it('lists the open failed payments and autopay charges with links into the customer', async () => {
    const { api } = open('/failed-payments', { [listApi]: { body: page([makeAction()]) } });
    const table = await screen.findByRole('table', { name: 'Failed Payments' });
    const ada = await within(table).findByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/cust-1`,
    );
    const query = pageCalls(api).at(-1)!.search;
    expect(query.get('kind')).toBe('payment,autopay');
    expect(query.get('state')).toBe('open');
    expect(screen.getByRole('link', { name: 'All failed actions' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/failed-actions`,
    );
  });

  it('says when there are none', async () => {
    open('/failed-payments', {});
    expect(await screen.findByText('No failed payments yet.')).toBeInTheDocument();
  });
});
