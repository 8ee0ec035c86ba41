import { Box, Button, Center, Divider, Skeleton, Stack, Text } from '@mantine/core';
import type { ChatMessage } from '@paylane/shared/contracts/messages';
import { useLayoutEffect, useRef } from 'react';
import type { PendingMessage } from '../../features/chat/hooks/use-chat-send';
import { useNow } from '../../lib/use-now';
import { MessageBubble, PendingBubble } from './message-bubble';
import { chatRows } from './message-groups';

type Props = {
  messages: ChatMessage[];
  pending: PendingMessage[];
  customerName: string;
  timeZone: string | null;
  isLoading: boolean;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  onDismissPending: (key: string) => void;
  onRetryPending: (key: string) => void;
  /** Sends a failed message's text again as a new message; absent when nothing can be sent. */
  onRetryMessage?: ((message: ChatMessage) => void) | undefined;
  emptyText: string;
};

/** Scrolled this close to the top, the next older page loads. */
const LOAD_OLDER_AT_PX = 48;

/**
 * The history, oldest at the top. Scrolling up loads the next older page of 25 and keeps the message the
 * user was reading where it was; a new message at the bottom scrolls into view when the user was there.
 */
export function MessageList(props: Props) {
  const { messages, pending, hasOlder, isLoadingOlder, onLoadOlder } = props;
  const viewport = useRef<HTMLDivElement>(null);
  // Height before an older page was asked for: after it arrives the view moves down by what was added.
  const heightBeforeOlder = useRef<number | null>(null);
  const wasAtBottom = useRef(true);
  const newestId = messages.at(-1)?.id ?? null;
  const now = useNow();
  const rows = chatRows(messages, now, props.timeZone);

  const loadOlder = () => {
    if (!hasOlder || isLoadingOlder) return;
    heightBeforeOlder.current = viewport.current?.scrollHeight ?? null;
    onLoadOlder();
  };

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null && !isLoadingOlder) {
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (wasAtBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages.length, newestId, pending.length, isLoadingOlder]);

  const onScroll = () => {
    const element = viewport.current;
    if (!element) return;
    wasAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
    if (element.scrollTop < LOAD_OLDER_AT_PX) loadOlder();
  };

  return (
    <Box
      ref={viewport}
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      tabIndex={0}
      style={{ overflowY: 'auto', flex: 1, minHeight: 240 }}
      p="sm"
    >
      {hasOlder ? (
        <Center mb="xs">
          <Button size="compact-xs" variant="subtle" onClick={loadOlder} loading={isLoadingOlder}>
            Load older messages
          </Button>
        </Center>
      ) : null}
      {props.isLoading ? (
        <Stack gap="xs" role="status" aria-label="Loading messages">
          {/* Bubbles' shapes while the history loads (issue 20 item 8: skeletons, not spinners). */}
          {['flex-start', 'flex-end', 'flex-start'].map((side, index) => (
            <Skeleton key={index} h={44} w="55%" radius="md" style={{ alignSelf: side }} aria-hidden />
          ))}
        </Stack>
      ) : null}
      {!props.isLoading && messages.length === 0 && pending.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" size="sm">
          {props.emptyText}
        </Text>
      ) : null}
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((row) =>
          row.kind === 'day' ? (
            <Box component="li" key={row.key} my="xs">
              <Divider label={row.label} labelPosition="center" />
            </Box>
          ) : (
            <MessageBubble
              key={row.key}
              message={row.message}
              isGroupStart={row.isGroupStart}
              customerName={props.customerName}
              timeZone={props.timeZone}
              onRetry={props.onRetryMessage}
            />
          ),
        )}
        {pending.map((item) => (
          <PendingBubble
            key={item.key}
            body={item.body}
            attachmentName={item.attachmentName}
            isFailed={item.isFailed}
            reason={item.reason}
            onDismiss={() => props.onDismissPending(item.key)}
            onRetry={() => props.onRetryPending(item.key)}
          />
        ))}
      </Stack>
    </Box>
  );
}
