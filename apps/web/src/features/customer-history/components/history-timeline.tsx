import { Box, List, Paper, Stack, Text } from '@mantine/core';
import type { HistoryEvent } from '@paylane/shared/contracts/customer-history';
import { formatDateTime } from '../../../lib/date-time';
import { formatFullName } from '../../../lib/format';
import { describeEvent } from '../history-text';

type Props = {
  events: HistoryEvent[];
  timeZone: string | undefined;
  /** 'Account 1001' for an account id the page knows, else null. */
  accountLabel: (accountId: string) => string | null;
};

/** The customer's timeline, newest first: when, who ('System' for no person), and what happened. */
export function HistoryTimeline({ events, timeZone, accountLabel }: Props) {
  return (
    <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="History">
      {events.map((event) => {
        const text = describeEvent(event, event.account_id ? accountLabel(event.account_id) : null);
        return (
          <Paper key={event.id} withBorder radius="md" p="sm" component="li">
            <Text size="xs" c="dimmed">
              <time dateTime={event.created}>{formatDateTime(event.created, timeZone)}</time>
              {' · '}
              {event.actor ? formatFullName(event.actor) : 'System'}
            </Text>
            <Text size="sm" fw={500}>
              {text.sentence}
            </Text>
            {text.body !== undefined ? (
              <Box
                component="blockquote"
                m={0}
                mt={4}
                pl="sm"
                style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }}
              >
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {text.body}
                </Text>
              </Box>
            ) : null}
            {text.changes.length > 0 ? (
              <List size="sm" mt={4} spacing={2}>
                {text.changes.map((change) => (
                  <List.Item
                    key={change.label}
                  >{`${change.label}: ${change.before} → ${change.after}`}</List.Item>
                ))}
              </List>
            ) : null}
          </Paper>
        );
      })}
    </Stack>
  );
}
