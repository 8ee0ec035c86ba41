import { ActionIcon, Box, Button, Center, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { InboxEntry } from '@paylane/shared/contracts/inbox';
import { CustomerChat } from '../../../components/chat-window/customer-chat';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { useResolveConversation } from '../../../features/inbox/api/resolve-conversation';
import { useSnoozeConversation } from '../../../features/inbox/api/snooze-conversation';
import { SnoozeControl } from '../../../features/inbox/components/snooze-control';
import { CustomerPanel, CUSTOMER_PANEL_WIDTH } from './customer-panel';

type SelectedChatProps = {
  merchantId: string;
  customerId: string;
  timeZone: string | null;
  /** Its row in the list, when the list shows it. */
  entry: InboxEntry | undefined;
  /** On a phone: over the whole screen, with a back arrow to the list. */
  fullScreen: boolean;
  onBack: () => void;
};

/** The phone's header bar: back to the list, whose chat this is. */
const PHONE_BAR_HEIGHT = 52;

/** The chat takes the window's height below the header and title (issue 20: not a fixed 560 px box). */
export const CHAT_HEIGHT = 'max(480px, calc(100dvh - 190px))';

/** The open conversation: its customer's name, Resolve when it waits for a reply, Snooze, and the chat. */
export function SelectedChat(props: SelectedChatProps) {
  const { data: customer, isError } = useCustomer(props.merchantId, props.customerId);
  const resolve = useResolveConversation(props.merchantId);
  // Three columns (list, chat, customer) from the lg breakpoint; narrower, the customer opens in a drawer.
  const isPanelBeside = useMediaQuery('(min-width: 75em)') ?? false;
  const [isPanelOpen, setPanelOpen] = useState(false);
  // Snoozing takes the row out of Needs reply; the header still shows what was done, with Unsnooze. The
  // mutation lives here, not in the control, which unmounts when the row leaves the list.
  const snooze = useSnoozeConversation(props.merchantId);
  const answered = snooze.data;
  const entry = props.entry ?? (answered?.customer_id === props.customerId ? answered : undefined);
  const name = customer ? `${customer.first_name} ${customer.last_name}`.trim() : '';
  const header = (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {props.fullScreen ? (
          <ActionIcon variant="subtle" size="lg" aria-label="Back to conversations" onClick={props.onBack}>
            <span aria-hidden>←</span>
          </ActionIcon>
        ) : null}
        <Title order={2} size="h4" lineClamp={1}>
          {name}
        </Title>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {entry?.awaiting_reply_since && !entry.snoozed_until ? (
          <Button
            size="xs"
            variant="light"
            loading={resolve.isPending}
            onClick={() => resolve.mutate(props.customerId)}
          >
            Resolve
          </Button>
        ) : null}
        {entry ? (
          <SnoozeControl
            entry={entry}
            timeZone={props.timeZone}
            isPending={snooze.isPending}
            onSnooze={(until) => snooze.mutate({ customerId: props.customerId, until })}
          />
        ) : null}
        {customer && !isPanelBeside ? (
          <Button size="xs" variant="default" onClick={() => setPanelOpen(true)}>
            Account
          </Button>
        ) : null}
      </Group>
    </Group>
  );
  const panel = customer ? (
    <CustomerPanel merchantId={props.merchantId} customer={customer} timeZone={props.timeZone} />
  ) : null;
  const body = customer ? (
    <CustomerChat
      key={customer.id}
      merchantId={props.merchantId}
      customer={customer}
      timeZone={props.timeZone}
      autoFocus
      height={props.fullScreen ? `calc(100dvh - ${PHONE_BAR_HEIGHT + 16}px)` : CHAT_HEIGHT}
    />
  ) : (
    <Paper withBorder radius="md" h={props.fullScreen ? '60dvh' : CHAT_HEIGHT}>
      <Center h="100%">
        <Text c="dimmed">{isError ? 'This customer could not be loaded.' : 'Loading…'}</Text>
      </Center>
    </Paper>
  );
  const drawer =
    panel && !isPanelBeside ? (
      <Drawer
        opened={isPanelOpen}
        onClose={() => setPanelOpen(false)}
        position="right"
        size={CUSTOMER_PANEL_WIDTH + 40}
        title={name}
        closeButtonProps={{ 'aria-label': 'Close' }}
        zIndex={300}
      >
        {panel}
      </Drawer>
    ) : null;
  if (!props.fullScreen) {
    return (
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          {header}
          {body}
        </Stack>
        {isPanelBeside && panel ? (
          <Box w={CUSTOMER_PANEL_WIDTH} style={{ flexShrink: 0 }} pt={36}>
            {panel}
          </Box>
        ) : null}
        {drawer}
      </Group>
    );
  }
  return (
    <Box
      role="region"
      aria-label={name ? `Conversation with ${name}` : 'Conversation'}
      pos="fixed"
      inset={0}
      p={8}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 250, display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      <Box h={PHONE_BAR_HEIGHT - 8}>{header}</Box>
      {body}
      {drawer}
    </Box>
  );
}
