import { Anchor, Box, Button, CloseButton, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ChatMessage } from '@paylane/shared/contracts/messages';
import { messages } from '@paylane/shared/messages';
import { displayStatus } from '@paylane/shared/messaging';
import { formatDateTime, formatTimeOfDay } from '../../lib/date-time';
import { languageLabel } from './chat-languages';
import { surfaces, textColors } from '../../lib/scheme-colors';

/** docs/product.md §6: a super_admin sender shows as 'System message'; messages no person sent (automations) say so. */
export function senderLabel(message: ChatMessage, customerName: string): string {
  if (message.direction === 'inbound') return customerName;
  if (!message.sender) return 'Automated message';
  if (message.sender.roles.includes('super_admin')) return 'System message';
  return `${message.sender.first_name} ${message.sender.last_name}`.trim() || 'Staff';
}

/** Delivery ticks beside the status words: one for sent, two for delivered. */
const statusTicks: Record<ReturnType<typeof displayStatus>, string> = {
  Sending: '○',
  Queued: '○',
  Sent: '✓',
  Delivered: '✓✓',
  'Failed to send': '!',
};

type Props = {
  message: ChatMessage;
  customerName: string;
  timeZone: string | null;
  /** The first of one sender's messages written close together: it carries the name and a little air above. */
  isGroupStart?: boolean;
  /** Offered on a failed text without attachments: the same text goes out again as a new message. */
  onRetry?: ((message: ChatMessage) => void) | undefined;
};

/** One message: who, when, the text with its stored translations, attachments and (sent ones) the status. */
export function MessageBubble({ message, customerName, timeZone, isGroupStart = true, onRetry }: Props) {
  const isOutbound = message.direction === 'outbound';
  const status = displayStatus(message.status, message.error_code);
  const isFailed = isOutbound && status === 'Failed to send';
  const translations = Object.entries(message.translations).filter(
    ([language]) => language !== message.language,
  );
  return (
    <Box
      component="li"
      mt={isGroupStart ? 6 : 0}
      style={{ alignSelf: isOutbound ? 'flex-end' : 'flex-start', maxWidth: '80%' }}
    >
      <Paper
        component="article"
        p="xs"
        radius="md"
        withBorder
        bg={isOutbound ? surfaces.outbound : surfaces.inbound}
        data-message-id={message.id}
        aria-label={`${senderLabel(message, customerName)}: ${message.body}`}
      >
        <Stack gap={4}>
          {isGroupStart ? (
            <Text size="xs" fw={600}>
              {senderLabel(message, customerName)}
            </Text>
          ) : null}
          {message.body ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Text>
          ) : null}
          {translations.map(([language, text]) => (
            <Text key={language} size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {`${languageLabel(language)}: ${text}`}
            </Text>
          ))}
          {message.attachments.map((attachment) => (
            <Attachment key={attachment.url} url={attachment.url} type={attachment.type} />
          ))}
          {message.secondary_message ? (
            <Text size="xs" c="dimmed">
              {message.secondary_message}
            </Text>
          ) : null}
          <Group gap="xs" justify="space-between">
            {/* The day is the separator's; the full moment on hover. */}
            <Text size="xs" c="dimmed" title={formatDateTime(message.created, timeZone)}>
              {formatTimeOfDay(message.created, timeZone)}
            </Text>
            {isOutbound ? (
              <Text size="xs" c={isFailed ? textColors.danger : 'dimmed'} fw={isFailed ? 600 : 400}>
                <span aria-hidden>{statusTicks[status]} </span>
                {status}
              </Text>
            ) : null}
          </Group>
          {isFailed ? (
            <Group gap="xs" justify="space-between" align="flex-start">
              <FailureNote reason={message.error_message} />
              {onRetry && message.attachments.length === 0 ? (
                <RetryButton onClick={() => onRetry(message)} />
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </Box>
  );
}

function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="compact-xs" variant="light" color="red" onClick={onClick}>
      Retry
    </Button>
  );
}

export function FailureNote({ reason }: { reason: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c={textColors.danger}>
        {messages.messageNotSent}
      </Text>
      {reason ? (
        <Text size="xs" c="dimmed">
          {reason}
        </Text>
      ) : null}
    </Stack>
  );
}

function Attachment({ url, type }: { url: string; type: string }) {
  if (type.startsWith('image/')) {
    return (
      <Anchor href={url} target="_blank" rel="noreferrer">
        <Image src={url} alt="Attached image" maw={220} radius="sm" />
      </Anchor>
    );
  }
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
      {type === 'application/pdf' ? 'Attached PDF' : 'Attachment'}
    </Anchor>
  );
}

type PendingProps = {
  body: string;
  attachmentName: string | null;
  isFailed: boolean;
  reason: string | null;
  onDismiss: () => void;
  onRetry: () => void;
};

/** A message on its way: a spinner until the server's answer replaces it (docs/product.md §4). */
export function PendingBubble({ body, attachmentName, isFailed, reason, onDismiss, onRetry }: PendingProps) {
  return (
    <Box component="li" style={{ alignSelf: 'flex-end', maxWidth: '80%' }}>
      <Paper p="xs" radius="md" withBorder bg={surfaces.outbound} aria-busy={!isFailed}>
        <Stack gap={4}>
          {body ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {body}
            </Text>
          ) : null}
          {attachmentName ? <Text size="xs">{attachmentName}</Text> : null}
          {isFailed ? (
            <Group gap="xs" justify="space-between" align="flex-start">
              <FailureNote reason={reason} />
              <Group gap={4}>
                <RetryButton onClick={onRetry} />
                <CloseButton size="sm" aria-label="Dismiss the failed message" onClick={onDismiss} />
              </Group>
            </Group>
          ) : (
            <Group gap={6}>
              <Loader size="xs" aria-label="Sending" role="status" />
            </Group>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
