import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCustomer } from '../../test/customer-list-fixtures';
import { makeAccount } from '../../test/customer-page-fixtures';
import { merchantA } from '../../test/fixtures';
import { accountApi, chatMessage, chatPage, messagesApi, openChat } from './chat-test-fixtures';

// Issue 20: a failed text is retried with one click, a half-written message is kept, an opted-out customer's
// composer says so before anyone types.
describe('chat window: recovering and keeping work', () => {
  it('retries a failed send with its key and a carrier-failed text as a new message, one click each', async () => {
    let attempts = 0;
    const { user, api } = openChat({
      handlers: {
        [`GET ${messagesApi()}`]: {
          body: chatPage([
            chatMessage({
              id: 'bounced',
              body: 'Your car is ready',
              status: 'undelivered',
              error_code: '30003',
            }),
          ]),
        },
        [`POST ${accountApi()}send_message/`]: ({ body }: { body: { message: string } }) => {
          attempts += 1;
          if (attempts === 1) return { status: 503, body: { detail: 'busy' } };
          return {
            body: { 'cust-1': chatMessage({ id: `sent-${attempts}`, body: body.message, status: 'queued' }) },
          };
        },
      },
    });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
    const sends = () => api.callsTo(`POST ${accountApi()}send_message/`);
    // Two Retry buttons: the carrier-failed text and the send that failed; the send's is last.
    await waitFor(() => expect(within(log).getAllByRole('button', { name: 'Retry' })).toHaveLength(2));
    const retries = within(log).getAllByRole('button', { name: 'Retry' });
    await user.click(retries[1]!);
    await waitFor(() => expect(sends()).toHaveLength(2));
    expect(sends()[1]?.headers.get('Idempotency-Key')).toBe(sends()[0]?.headers.get('Idempotency-Key'));
    expect(sends()[1]?.body).toMatchObject({ message: 'Are you there?' });
    await within(log).findByLabelText('Jane Doe: Are you there?');

    await user.click(within(log).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sends()).toHaveLength(3));
    expect(sends()[2]?.body).toMatchObject({ message: 'Your car is ready' });
    expect(sends()[2]?.headers.get('Idempotency-Key')).not.toBe(sends()[0]?.headers.get('Idempotency-Key'));
  });

  it('keeps a half-written message per conversation across a remount, and clears it once sent', async () => {
    const first = openChat({
      handlers: {
        [`POST ${accountApi()}send_message/`]: {
          body: { 'cust-1': chatMessage({ id: 'sent-draft', body: 'Half a thought', status: 'queued' }) },
        },
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await first.user.type(box, 'Half a thought');
    cleanup();
    const again = openChat({
      handlers: {
        [`POST ${accountApi()}send_message/`]: {
          body: { 'cust-1': chatMessage({ id: 'sent-draft', body: 'Half a thought', status: 'queued' }) },
        },
      },
    });
    const restored = await screen.findByRole('textbox', { name: 'Message' });
    expect(restored).toHaveValue('Half a thought');
    await again.user.type(restored, '{Enter}');
    await waitFor(() => expect(restored).toHaveValue(''));
    expect(window.localStorage.getItem(`paylane.chat.draft.${merchantA.id}.cust-1`)).toBeNull();
  });

  it('says an opted-out customer cannot be texted and disables the composer before anyone types', async () => {
    openChat({ customer: makeCustomer({ accounts: [makeAccount()], sms_opted_out: true }) });
    expect(
      await screen.findByText('This customer replied STOP and gets no texts until they text START.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
