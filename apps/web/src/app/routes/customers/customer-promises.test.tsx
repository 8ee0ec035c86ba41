import { screen, waitFor, within } from '@testing-library/react';
import type { PaymentPromise } from '@paylane/shared/contracts/promises';
import { promiseMessages } from '@paylane/shared/contracts/promises';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../../test/customer-list-fixtures';
import { customerApi, customerPagePath, openCustomerPage } from '../../../test/customer-page-fixtures';
import type { StubReply, StubRequest } from '../../../test/fetch-stub';
import { merchantA } from '../../../test/fixtures';
import { page, visaCredit } from '../../../test/payment-fixtures';
import { makePromise, scheduledPromise } from '../../../test/promise-fixtures';

// Promises to pay on the customer page (issue 17 item 4): the Promise to Pay modal checks the server's rules on
// the merchant's clock (America/Chicago), sends one Idempotency-Key per opening, shows the server's field
// errors on their fields; the account shows its open promise with Confirm and Cancel.

const promisesApi = `${customerApi}accounts/acct-1/promises/`;
const cancelApi = `/api/merchants/${merchantA.id}/cancel_scheduled_payment/`;
const confirmApi = `${promisesApi}promise-1/confirm/`;

/** The merchant's wall clock `minutes` from now: MM/DD/YYYY as typed and HH:MM. */
function chicagoIn(minutes: number) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: merchantA.time_zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return {
    typed: `${part('month')}/${part('day')}/${part('year')}`,
    iso: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

function openPromises(options: {
  promises?: PaymentPromise[];
  post?: (request: StubRequest) => StubReply;
  handlers?: Record<string, StubReply | ((request: StubRequest) => StubReply)>;
}) {
  const listed = { promises: options.promises ?? [] };
  const opened = openCustomerPage(customerPagePath, {
    profile: memberProfile(['staff']),
    handlers: {
      [`GET ${customerApi}payment_methods/`]: { body: page([visaCredit]) },
      [`GET ${promisesApi}`]: () => ({ body: page(listed.promises) }),
      [`POST ${promisesApi}`]: (request) => options.post?.(request) ?? { status: 201, body: makePromise() },
      ...options.handlers,
    },
  });
  return { ...opened, listed };
}

async function openModal(user: ReturnType<typeof openPromises>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Promise to Pay on Account A-1' }));
  return within(await screen.findByRole('dialog', { name: 'Promise to Pay' }));
}

describe('Promise to Pay', () => {
  it('checks the date and time on the merchant’s clock and a method without an amount, sending nothing', async () => {
    const { api, user } = openPromises({});
    const dialog = await openModal(user);
    await user.type(dialog.getByLabelText(/^Date/), '01/02/2020');
    await user.type(dialog.getByLabelText(/^Time/), '10:00');
    await user.click(dialog.getByRole('button', { name: 'Save Promise' }));
    expect(await dialog.findByText(promiseMessages.presentOrFuture)).toBeInTheDocument();

    const soon = chicagoIn(10);
    await user.clear(dialog.getByLabelText(/^Date/));
    await user.type(dialog.getByLabelText(/^Date/), soon.typed);
    await user.clear(dialog.getByLabelText(/^Time/));
    await user.type(dialog.getByLabelText(/^Time/), soon.time);
    await user.selectOptions(dialog.getByLabelText(/^Payment Method/), 'Visa XXXX4242');
    await user.click(dialog.getByRole('button', { name: 'Save Promise' }));
    expect(await dialog.findByText(promiseMessages.atLeast30Minutes)).toBeInTheDocument();
    expect(dialog.getByText(promiseMessages.methodNeedsAmount)).toBeInTheDocument();
    expect(dialog.queryByText(promiseMessages.presentOrFuture)).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${promisesApi}`)).toHaveLength(0);
  });

  it('says a method and an amount schedule a payment, and sends what was typed', async () => {
    const later = chicagoIn(24 * 60);
    const { api, user, listed } = openPromises({
      post: () => {
        const made = scheduledPromise({ id: 'promise-1' });
        listed.promises = [made];
        return { status: 201, body: made };
      },
    });
    const dialog = await openModal(user);
    await user.type(dialog.getByLabelText(/^Date/), later.typed);
    await user.type(dialog.getByLabelText(/^Time/), later.time);
    await user.type(dialog.getByLabelText(/^Amount/), '100');
    expect(dialog.queryByText('This schedules a payment')).not.toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText(/^Payment Method/), 'Visa XXXX4242');
    expect(dialog.getByText('This schedules a payment')).toBeInTheDocument();
    expect(dialog.getByText(/\$100\.00 will be charged to Visa XXXX4242 on /)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Schedule Payment' }));
    expect(await screen.findByText('Payment scheduled!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST ${promisesApi}`)[0]?.body).toEqual({
      date: later.iso,
      time: later.time,
      amount: '100',
      payment_method: visaCredit.id,
      note: null,
    });
    // The account shows it: a scheduled payment is Confirmed, and may only be cancelled.
    const open = await screen.findByRole('group', { name: 'Open promise on Account A-1' });
    expect(within(open).getByText('Scheduled payment of $100.00')).toBeInTheDocument();
    expect(within(open).getByText('Confirmed')).toBeInTheDocument();
    expect(within(open).getByText('Charged to Visa XXXX4242')).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    expect(
      within(open).getByRole('button', { name: 'Cancel the scheduled payment on Account A-1' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s field errors on their fields; keeps the key through a lost answer, new per opening', async () => {
    const later = chicagoIn(24 * 60);
    const replies: StubReply[] = [
      { status: 502, body: { detail: 'Bad gateway' } },
      {
        status: 400,
        body: { time: [promiseMessages.atLeast30Minutes], amount: ['Payment must be larger than $1.00'] },
      },
    ];
    const { api, user } = openPromises({
      post: () => replies.shift() ?? { status: 201, body: makePromise() },
    });
    let dialog = await openModal(user);
    await user.type(dialog.getByLabelText(/^Date/), later.typed);
    await user.type(dialog.getByLabelText(/^Time/), later.time);
    await user.type(dialog.getByLabelText(/^Amount/), '0.50');
    await user.click(dialog.getByRole('button', { name: 'Save Promise' }));
    expect(await dialog.findByText(/the same promise is never made twice/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save Promise' }));
    expect(await dialog.findByText('Payment must be larger than $1.00')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Amount/)).toHaveAccessibleDescription(
      expect.stringContaining('Payment must be larger than $1.00'),
    );
    expect(dialog.getByLabelText(/^Time/)).toHaveAccessibleDescription(
      expect.stringContaining(promiseMessages.atLeast30Minutes),
    );
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openModal(user);
    await user.type(dialog.getByLabelText(/^Date/), later.typed);
    await user.type(dialog.getByLabelText(/^Time/), later.time);
    await user.click(dialog.getByRole('button', { name: 'Save Promise' }));
    expect(await screen.findByText('Promise to pay saved!')).toBeInTheDocument();

    const keys = api.callsTo(`POST ${promisesApi}`).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('the account’s open promise', () => {
  it('shows an Unconfirmed promise; Confirm makes it Confirmed', async () => {
    const { api, user, listed } = openPromises({
      promises: [
        makePromise(),
        makePromise({ id: 'promise-0', outcome: 'broken', status: 'PROMISE_CONFIRMED', amount_cents: 5_000 }),
      ],
      handlers: {
        [`POST ${confirmApi}`]: () => {
          const confirmed = makePromise({ status: 'PROMISE_CONFIRMED' });
          listed.promises = [confirmed];
          return { body: confirmed };
        },
      },
    });
    const open = await screen.findByRole('group', { name: 'Open promise on Account A-1' });
    expect(within(open).getByText('Promise to pay $100.00')).toBeInTheDocument();
    expect(within(open).getByText('Promised for 07/10/2027 3:00 PM CDT')).toBeInTheDocument();
    expect(within(open).getByText('Unconfirmed')).toBeInTheDocument();
    const earlier = screen.getByRole('table', { name: 'Earlier promises on Account A-1' });
    expect(within(earlier).getByText('Broken')).toBeInTheDocument();
    expect(within(earlier).getByText('$50.00')).toBeInTheDocument();

    await user.click(within(open).getByRole('button', { name: 'Confirm the promise on Account A-1' }));
    expect(await within(open).findByText('Confirmed')).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${confirmApi}`)).toHaveLength(1);
  });

  it('cancels after asking, through cancel_scheduled_payment; a refusal is said in the server’s words', async () => {
    let answers = 0;
    const { api, user, listed } = openPromises({
      promises: [makePromise()],
      handlers: {
        [`POST ${cancelApi}`]: () => {
          answers += 1;
          if (answers === 1) return { status: 400, body: { detail: promiseMessages.tooLateToCancel } };
          const cancelled = makePromise({ outcome: 'cancelled', cancelled_at: '2027-07-02T15:00:00.000Z' });
          listed.promises = [cancelled];
          return { body: cancelled };
        },
      },
    });
    const open = await screen.findByRole('group', { name: 'Open promise on Account A-1' });
    const cancel = within(open).getByRole('button', { name: 'Cancel the promise on Account A-1' });
    await user.click(cancel);
    let ask = within(await screen.findByRole('dialog', { name: 'Cancel Promise' }));
    await user.click(ask.getByRole('button', { name: 'Keep It' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST ${cancelApi}`)).toHaveLength(0);

    await user.click(cancel);
    ask = within(await screen.findByRole('dialog', { name: 'Cancel Promise' }));
    await user.click(ask.getByRole('button', { name: 'Cancel Promise' }));
    expect(await screen.findByText(promiseMessages.tooLateToCancel)).toBeInTheDocument();

    await user.click(cancel);
    ask = within(await screen.findByRole('dialog', { name: 'Cancel Promise' }));
    await user.click(ask.getByRole('button', { name: 'Cancel Promise' }));
    expect(await screen.findByText('Promise cancelled.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Open promise on Account A-1' })).not.toBeInTheDocument(),
    );
    const earlier = screen.getByRole('table', { name: 'Earlier promises on Account A-1' });
    expect(within(earlier).getByText('Cancelled')).toBeInTheDocument();
    expect(api.callsTo(`POST ${cancelApi}`).map((call) => call.body)).toEqual([
      { payment: 'promise-1' },
      { payment: 'promise-1' },
    ]);
  });
});
