import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../test/customer-list-fixtures';
import { merchantA } from '../../test/fixtures';
import type { StubReply } from '../../test/fetch-stub';
import { accountApi, chatMessage, chatPage, messagesApi, openChat, templatesApi } from './chat-test-fixtures';

/** A reply the test releases when it wants the server to answer. */
function deferred() {
  let release: (reply: StubReply) => void = () => {};
  const promise = new Promise<StubReply>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('chat window', () => {
  it('sends on Enter, adds a line on Shift+Enter, never sends an empty message, and shows a spinner until the answer', async () => {
    const answer = deferred();
    const { user, api } = openChat({
      handlers: { [`POST ${accountApi()}send_message/`]: () => answer.promise },
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).not.toHaveAttribute('readonly');

    await user.type(box, '   {Enter}');
    expect(api.callsTo(`POST ${accountApi()}send_message/`)).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('First line\nsecond line');
    expect(api.callsTo(`POST ${accountApi()}send_message/`)).toHaveLength(0);

    await user.type(box, '{Enter}');
    await waitFor(() => expect(api.callsTo(`POST ${accountApi()}send_message/`)).toHaveLength(1));
    const [call] = api.callsTo(`POST ${accountApi()}send_message/`);
    expect(call?.body).toMatchObject({
      customer: 'cust-1',
      message: 'First line\nsecond line',
      language: 'en-US',
    });
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(box).toHaveValue('');
    expect(screen.getByRole('status', { name: 'Sending' })).toBeInTheDocument();

    answer.release({
      body: { 'cust-1': chatMessage({ id: 'sent-1', body: 'First line\nsecond line', status: 'queued' }) },
    });
    const log = screen.getByRole('log', { name: 'Messages' });
    await waitFor(() =>
      expect(within(log).queryByRole('status', { name: 'Sending' })).not.toBeInTheDocument(),
    );
    expect(within(log).getByText('Queued')).toBeInTheDocument();
    expect(within(log).getAllByText(/First line/)).toHaveLength(1);
  });

  it('shows a message once when the socket brings it before the send answers', async () => {
    const answer = deferred();
    const { user, socketsTo } = openChat({
      handlers: { [`POST ${accountApi()}send_message/`]: () => answer.promise },
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(socketsTo('/ws/chat/cust-1/')).toHaveLength(1));
    const socket = socketsTo('/ws/chat/cust-1/')[0]!;
    socket.open();
    await user.type(box, 'On my way{Enter}');
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getByRole('status', { name: 'Sending' })).toBeInTheDocument();

    const sent = chatMessage({ id: 'sent-echo', body: 'On my way', status: 'queued' });
    socket.push({ type: 'message', message: sent });
    await waitFor(() =>
      expect(within(log).queryByRole('status', { name: 'Sending' })).not.toBeInTheDocument(),
    );
    expect(within(log).getAllByText('On my way')).toHaveLength(1);

    answer.release({ body: { 'cust-1': sent } });
    await waitFor(() => expect(within(log).getByText('Queued')).toBeInTheDocument());
    expect(within(log).getAllByText('On my way')).toHaveLength(1);
  });

  it('without free text the message is read-only until a template, rendered for the customer, fills it', async () => {
    const { user, api } = openChat({
      profile: memberProfile(['Collector', 'staff']),
      handlers: {
        [`GET /api/merchants/${merchantA.id}/`]: { body: { ...merchantA, check_custom_roles: true } },
        [`POST ${templatesApi}tpl-1/render/`]: { body: { rendered_body: 'Hi Ada' } },
        [`POST ${accountApi()}send_message/`]: ({ body }: { body: unknown }) => ({
          body: { 'cust-1': chatMessage({ body: (body as { message: string }).message }) },
        }),
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(box).toHaveAttribute('readonly'));
    expect(box).toHaveAttribute('placeholder', 'Choose a template to chat...');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Template' }), 'Friendly reminder');
    await waitFor(() => expect(box).toHaveValue('Hi Ada'));
    expect(api.callsTo(`POST ${templatesApi}tpl-1/render/`)[0]?.body).toEqual({
      customer: 'cust-1',
      account: 'acct-1',
      type: 'TEXT',
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.callsTo(`POST ${accountApi()}send_message/`)[0]?.body).toMatchObject({
        message: 'Hi Ada',
        message_template_id: 'tpl-1',
      }),
    );
  });

  it('refuses attachments of 1 MB and more in the browser, and sends a small image as MMS', async () => {
    const { user, api } = openChat({
      handlers: {
        [`POST ${accountApi()}upload_mms_media/`]: { body: { media_path: '/media/mms/abc.png' } },
        [`POST ${accountApi()}send_message/`]: { body: { 'cust-1': chatMessage({ body: '' }) } },
      },
    });
    await screen.findByRole('textbox', { name: 'Message' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array(1_048_577)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File must be less than 1mb in size');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.upload(input, new File([new Uint8Array(2048)], 'car.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('car.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(`POST ${accountApi()}send_message/`)).toHaveLength(1));
    expect(api.callsTo(`POST ${accountApi()}upload_mms_media/`)).toHaveLength(1);
    expect(api.callsTo(`POST ${accountApi()}send_message/`)[0]?.body).toMatchObject({
      message: '',
      file_url: '/media/mms/abc.png',
      content_type: 'image/png',
    });
  });

  it('shows super_admin senders as System message, statuses in docs/product.md §4 words, and failures with the spec text', async () => {
    const { user } = openChat({
      handlers: {
        [`GET ${messagesApi()}`]: {
          body: chatPage([
            chatMessage({ body: 'Carrier said no', status: 'undelivered', error_message: 'Unreachable' }),
            chatMessage({
              body: 'Hola',
              direction: 'inbound',
              sender: null,
              status: 'received',
              language: 'es-US',
              translations: { 'en-US': 'Hello' },
            }),
            chatMessage({
              body: 'We fixed your account',
              sender: { first_name: 'Root', last_name: 'Ops', roles: ['super_admin'] },
              status: 'sent',
            }),
          ]),
        },
        [`POST ${accountApi()}send_message/`]: { status: 500, body: { detail: 'boom' } },
      },
    });
    const log = await screen.findByRole('log', { name: 'Messages' });
    const system = await within(log).findByLabelText('System message: We fixed your account');
    expect(within(system).getByText('Sent')).toBeInTheDocument();
    const inbound = within(log).getByLabelText('Ada Lovelace: Hola');
    expect(within(inbound).getByText('English: Hello')).toBeInTheDocument();
    const failed = within(log).getByLabelText('Jane Doe: Carrier said no');
    expect(within(failed).getByText('Failed to send')).toBeInTheDocument();
    expect(within(failed).getByText('The message was not sent due to an error')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
    expect(await screen.findAllByText('The message was not sent due to an error')).toHaveLength(3); // toast too
    expect(within(log).queryByRole('status', { name: 'Sending' })).not.toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Dismiss the failed message' }));
    expect(within(log).queryByText('Are you there?')).not.toBeInTheDocument();
  });

  it('merges live messages by id, keeps statuses moving forward, and reconnects with after= the last message', async () => {
    const first = chatMessage({ id: 'm-1', body: 'Hello there', status: 'sent' });
    const { socketsTo } = openChat({ handlers: { [`GET ${messagesApi()}`]: { body: chatPage([first]) } } });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Hello there');
    const [socket] = socketsTo('/ws/chat/cust-1/');
    expect(socket?.url.searchParams.get('token')).toBeTruthy();
    socket!.open();

    socket!.push({ type: 'message', message: { ...first, status: 'delivered' } });
    await within(log).findByText('Delivered');
    socket!.push({ type: 'message', message: { ...first, status: 'sent' } });
    expect(within(log).getByText('Delivered')).toBeInTheDocument();
    expect(within(log).queryByText('Sent')).not.toBeInTheDocument();

    const reply = chatMessage({ id: 'm-2', body: 'Yes I paid', direction: 'inbound', status: 'received' });
    socket!.push({ type: 'message', message: reply });
    await within(log).findByText('Yes I paid');

    socket!.drop();
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    await waitFor(() => expect(socketsTo('/ws/chat/cust-1/')).toHaveLength(2));
    const second = socketsTo('/ws/chat/cust-1/')[1]!;
    expect(second.url.searchParams.get('after')).toBe('m-2');
    second.open();
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument());
  });

  it('keeps a live message that arrives before the history and shows it once the history is in', async () => {
    const history = deferred();
    const { socketsTo } = openChat({ handlers: { [`GET ${messagesApi()}`]: () => history.promise } });
    await waitFor(() => expect(socketsTo('/ws/chat/cust-1/')).toHaveLength(1));
    const socket = socketsTo('/ws/chat/cust-1/')[0]!;
    socket.open();
    socket.push({ type: 'message', message: chatMessage({ id: 'early', body: 'Written meanwhile' }) });
    history.release({ body: chatPage([chatMessage({ body: 'Older one' })]) });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Older one');
    expect(within(log).getByText('Written meanwhile')).toBeInTheDocument();
  });

  it('scrolling to the top loads the older page and keeps the message being read in place', async () => {
    const { api } = openChat({
      handlers: {
        [`GET ${messagesApi()}`]: ({ search }: { search: URLSearchParams }) =>
          search.get('cursor')
            ? { body: chatPage([chatMessage({ body: 'Older text' })]) }
            : { body: chatPage([chatMessage({ body: 'Newer text' })], 'older-1') },
      },
    });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Newer text');
    // jsdom lays nothing out: the log's content is 1000 px tall, 1600 px once the older page is in.
    Object.defineProperty(log, 'scrollHeight', {
      configurable: true,
      get: () => (within(log).queryByText('Older text') ? 1600 : 1000),
    });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 400 });
    log.scrollTop = 10;
    fireEvent.scroll(log);
    await within(log).findByText('Older text');
    expect(api.callsTo(`GET ${messagesApi()}`)[1]?.search.get('cursor')).toBe('older-1');
    await waitFor(() => expect(log.scrollTop).toBe(610));
  });

  it('loads older messages in pages of 25 and searches the history', async () => {
    const newest = chatMessage({ body: 'Newest text' });
    const oldest = chatMessage({ body: 'Oldest text' });
    const { user, api } = openChat({
      handlers: {
        [`GET ${messagesApi()}`]: ({ search }: { search: URLSearchParams }) => {
          if (search.get('search')) return { body: chatPage([oldest]) };
          return search.get('cursor')
            ? { body: chatPage([oldest]) }
            : { body: chatPage([newest], 'older-1') };
        },
      },
    });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Newest text');
    expect(api.callsTo(`GET ${messagesApi()}`)[0]?.search.get('page_size')).toBe('25');
    await user.click(within(log).getByRole('button', { name: 'Load older messages' }));
    await within(log).findByText('Oldest text');
    expect(api.callsTo(`GET ${messagesApi()}`)[1]?.search.get('cursor')).toBe('older-1');
    const texts = within(log)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(texts.findIndex((text) => text.includes('Oldest'))).toBeLessThan(
      texts.findIndex((text) => text.includes('Newest')),
    );

    await user.type(screen.getByRole('textbox', { name: 'Search messages' }), 'Oldest{Enter}');
    await waitFor(() =>
      expect(api.callsTo(`GET ${messagesApi()}`).some((call) => call.search.get('search') === 'Oldest')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(within(log).queryByText('Newest text')).not.toBeInTheDocument());
  });
});
