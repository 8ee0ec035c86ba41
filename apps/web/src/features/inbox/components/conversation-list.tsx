import {
  Avatar,
  Badge,
  Box,
  Center,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { InboxEntry } from '@paylane/shared/contracts/inbox';
import { useEffect, useRef } from 'react';
import { formatDateTime, formatRelativeTime } from '../../../lib/date-time';
import { useNow } from '../../../lib/use-now';
import { surfaces } from '../../../lib/scheme-colors';

type Props = {
  entries: InboxEntry[];
  selectedId: string | null;
  onSelect: (customerId: string) => void;
  isLoading: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  timeZone: string | null;
  /** The signed-in user: their own messages read "You:". */
  currentUserId: string | null;
};

export const entryName = (entry: Pick<InboxEntry, 'first_name' | 'last_name'>) =>
  `${entry.first_name} ${entry.last_name}`.trim();

const initialsOf = (entry: InboxEntry) =>
  `${entry.first_name.charAt(0)}${entry.last_name.charAt(0)}`.toUpperCase() || '?';

/** Who wrote the preview's message, when it was not the customer (issue 20). */
export function previewPrefix(entry: InboxEntry, currentUserId: string | null): string {
  if (entry.last_message_from === 'auto') return 'Auto: ';
  if (entry.last_message_from === 'customer') return '';
  return entry.last_message_sender_user_id === currentUserId ? 'You: ' : 'Staff: ';
}

/** docs/product.md §2 inbox, left: the conversations, more as the list scrolls, then 'End of Conversations'. */
export function ConversationList(props: Props) {
  const { entries, hasMore, isLoadingMore, onLoadMore } = props;
  const now = useNow();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || isLoadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((item) => item.isIntersecting)) loadMore.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isLoadingMore, entries.length]);

  if (props.isLoading) return <ConversationSkeleton />;
  if (entries.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        No Results Found
      </Text>
    );
  }
  return (
    <Box>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Conversations">
        {entries.map((entry) => (
          <li key={entry.customer_id}>
            <ConversationItem
              entry={entry}
              isSelected={entry.customer_id === props.selectedId}
              onSelect={props.onSelect}
              timeZone={props.timeZone}
              now={now}
              currentUserId={props.currentUserId}
            />
          </li>
        ))}
      </Stack>
      <div ref={sentinel} data-testid="inbox-sentinel" />
      {isLoadingMore ? (
        <Center py="sm">
          <Loader size="xs" aria-label="Loading more conversations" />
        </Center>
      ) : null}
      {!hasMore ? (
        <Text c="dimmed" ta="center" size="sm" py="sm">
          End of Conversations
        </Text>
      ) : null}
    </Box>
  );
}

type ItemProps = {
  entry: InboxEntry;
  isSelected: boolean;
  onSelect: (customerId: string) => void;
  timeZone: string | null;
  now: Date;
  currentUserId: string | null;
};

function ConversationItem({ entry, isSelected, onSelect, timeZone, now, currentUserId }: ItemProps) {
  const name = entryName(entry);
  const unread = entry.unread_messages;
  const isUnread = unread > 0;
  return (
    <UnstyledButton
      onClick={() => onSelect(entry.customer_id)}
      aria-current={isSelected ? 'true' : undefined}
      aria-label={`${name}${unread > 0 ? `, ${unread} unread` : ''}${entry.snoozed_until ? ', snoozed' : ''}`}
      w="100%"
      p="sm"
      bg={isSelected ? surfaces.outbound : undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-customer-id={entry.customer_id}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar color="blue" radius="xl" aria-hidden>
          {initialsOf(entry)}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={isUnread ? 800 : 500} truncate>
              {name}
            </Text>
            <Text
              component="time"
              size="xs"
              c={isUnread ? undefined : 'dimmed'}
              fw={isUnread ? 700 : undefined}
              style={{ flexShrink: 0 }}
              dateTime={entry.last_message_created}
              title={formatDateTime(entry.last_message_created, timeZone)}
            >
              {formatRelativeTime(entry.last_message_created, now, timeZone)}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {entry.external_id ?? '—'}
            </Text>
            {entry.snoozed_until ? (
              <Badge
                size="sm"
                variant="light"
                color="gray"
                title={`Snoozed until ${formatDateTime(entry.snoozed_until, timeZone)}`}
              >
                Snoozed
              </Badge>
            ) : null}
            {isUnread ? (
              <Badge size="sm" circle={unread < 10} color="red.8" data-testid="unread-badge">
                {unread}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c={isUnread ? undefined : 'dimmed'} fw={isUnread ? 600 : undefined} truncate>
            {previewPrefix(entry, currentUserId)}
            {entry.last_message_body}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** Rows shaped like conversations while the first page loads (issue 20 item 8: skeletons, not spinners). */
function ConversationSkeleton() {
  return (
    <Stack gap={0} role="status" aria-label="Loading conversations">
      {[0, 1, 2, 3, 4].map((row) => (
        <Group key={row} p="sm" gap="sm" wrap="nowrap" aria-hidden>
          <Skeleton circle h={38} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={12} w="55%" />
            <Skeleton h={10} w="85%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
