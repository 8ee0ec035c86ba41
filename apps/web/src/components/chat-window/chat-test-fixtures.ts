import type { ChatMessage } from '@paylane/shared/contracts/messages';
import type { MessageTemplate } from '@paylane/shared/contracts/message-templates';
import { makeCustomer, memberProfile, page } from '../../test/customer-list-fixtures';
import { makeAccount, openCustomerPage } from '../../test/customer-page-fixtures';
import { stubWebSocket } from '../../test/fake-web-socket';
import type { StubReply } from '../../test/fetch-stub';
import { merchantA } from '../../test/fixtures';

export const messagesApi = (customerId = 'cust-1') =>
  `/api/merchants/${merchantA.id}/customers/${customerId}/messages/`;
export const accountApi = (accountId = 'acct-1') => `/api/merchants/${merchantA.id}/accounts/${accountId}/`;
export const templatesApi = `/api/merchants/${merchantA.id}/message_templates/`;

let sequence = 0;
export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  sequence += 1;
  return {
    id: `msg-${sequence}`,
    customer_id: 'cust-1',
    account_id: 'acct-1',
    direction: 'outbound',
    channel: 'sms',
    sender: { first_name: 'Jane', last_name: 'Doe', roles: ['staff'] },
    body: `Message ${sequence}`,
    language: 'en-US',
    translations: {},
    created: new Date(Date.UTC(2026, 10, 23, 12, 0, sequence)).toISOString(),
    attachments: [],
    error_code: null,
    error_message: null,
    secondary_message: null,
    status: 'delivered',
    ...overrides,
  };
}

export const chatPage = (results: ChatMessage[], next: string | null = null) => ({
  next,
  previous: null,
  results,
});

export function makeTemplate(overrides: Partial<MessageTemplate> = {}): MessageTemplate {
  return {
    id: 'tpl-1',
    name: 'Friendly reminder',
    description: '',
    type: 'UNSCHEDULED',
    active: true,
    is_visible: true,
    delta_days: null,
    message_bodies: [{ language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}' }],
    is_system: false,
    created: '2026-11-01T12:00:00.000Z',
    updated: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export const chatPath = `/merchants/${merchantA.id}/customers/cust-1/messages`;

/** Ada's customer page on its Messages tab, the chat's calls answered by `handlers` (and by default). */
export function openChat(
  options: {
    profile?: ReturnType<typeof memberProfile>;
    handlers?: Record<string, unknown>;
    customer?: ReturnType<typeof makeCustomer>;
  } = {},
) {
  const sockets = stubWebSocket();
  const opened = openCustomerPage(chatPath, {
    profile: options.profile ?? memberProfile(['staff']),
    customer: options.customer ?? makeCustomer({ accounts: [makeAccount()] }),
    handlers: {
      [`GET ${messagesApi()}`]: { body: chatPage([]) },
      [`GET ${templatesApi}`]: { body: page([makeTemplate()]) },
      ...(options.handlers as Record<string, StubReply>),
    },
  });
  return { ...opened, ...sockets };
}
