import { Badge, Box, CloseButton, Group, Paper, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useChatMessages } from '../../features/chat/api/list-chat-messages';
import { messagesOldestFirst } from '../../features/chat/api/chat-cache';
import { useChatSend } from '../../features/chat/hooks/use-chat-send';
import { useChatSocket } from '../../features/chat/hooks/use-chat-socket';
import { useCan } from '../../features/profile/hooks/use-can';
import { ChatComposer } from './chat-composer';
import { DEFAULT_LANGUAGE } from './chat-languages';
import { MessageList } from './message-list';

export type ChatWindowProps = {
  merchantId: string;
  customerId: string;
  /** The account messages are sent from (docs/product.md §2: passed in); null when the customer has none. */
  accountId: string | null;
  customerName: string;
  /** The customer's language: the message language the selector starts on. */
  defaultLanguage?: string;
  timeZone?: string | null;
  height?: number | string;
  /** The customer replied STOP (issue 20: the composer is disabled before anyone types). */
  isOptedOut?: boolean;
  /** The message box takes the focus when the chat opens (the inbox). */
  autoFocus?: boolean;
};

/**
 * The shared chat window for one customer (docs/product.md §2 shared behaviour): history in pages of 25 loading older
 * on scroll up, message search, templates, attachment, language, payment link; live through the websocket.
 */
export function ChatWindow(props: ChatWindowProps) {
  const { merchantId, customerId, accountId } = props;
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const history = useChatMessages(merchantId, customerId, search);
  const { pending, send, retry, dismiss, absorbEcho } = useChatSend(merchantId, customerId, accountId);
  const connection = useChatSocket(merchantId, customerId, absorbEcho);
  const canWriteFreeText = useCan('freeText', merchantId);
  const messages = messagesOldestFirst(history.data);

  return (
    <Paper
      withBorder
      radius="md"
      h={props.height ?? 560}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group
        p="xs"
        gap="xs"
        justify="space-between"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <TextInput
          aria-label="Search messages"
          placeholder="Search messages"
          size="xs"
          w={260}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setSearch(searchText.trim());
          }}
          rightSection={
            searchText ? (
              <CloseButton
                size="sm"
                aria-label="Clear message search"
                onClick={() => {
                  setSearchText('');
                  setSearch('');
                }}
              />
            ) : null
          }
        />
        <Box>
          {connection !== 'reconnecting' ? null : (
            <Badge color="gray" variant="light" size="sm">
              Reconnecting…
            </Badge>
          )}
        </Box>
      </Group>
      <MessageList
        messages={messages}
        pending={search ? [] : pending}
        customerName={props.customerName}
        timeZone={props.timeZone ?? null}
        isLoading={history.isPending}
        hasOlder={history.hasNextPage}
        isLoadingOlder={history.isFetchingNextPage}
        onLoadOlder={() => void history.fetchNextPage()}
        onDismissPending={dismiss}
        onRetryPending={retry}
        onRetryMessage={
          props.isOptedOut || search
            ? undefined
            : (failed) => send({ body: failed.body, templateId: null, file: null, language: failed.language })
        }
        emptyText={search ? 'No Results Found' : 'No messages yet.'}
      />
      <ChatComposer
        key={`${customerId}/${accountId ?? ''}`}
        merchantId={merchantId}
        customerId={customerId}
        accountId={accountId}
        canWriteFreeText={canWriteFreeText}
        defaultLanguage={props.defaultLanguage ?? DEFAULT_LANGUAGE}
        isOptedOut={props.isOptedOut ?? false}
        autoFocus={props.autoFocus ?? false}
        onSend={send}
      />
    </Paper>
  );
}
