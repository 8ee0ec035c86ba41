import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { TimelineItem } from '@paylane/shared/contracts/customer-timeline';
import { formatDateTime, formatRelativeTime } from '../../../lib/date-time';
import { useNow } from '../../../lib/use-now';
import { describeTimelineItem } from '../timeline-text';

type Props = {
  items: TimelineItem[];
  timeZone: string | undefined;
  customerName: string;
  /** 'Account 1001' for an account id the page knows, else null. */
  accountLabel: (accountId: string) => string | null;
};

/**
 * The customer's merged timeline, newest first, one line an item: its kind, what happened, who, and when (how
 * long ago on the merchant's clock; the full time on hover and in the time element).
 */
export function CustomerTimeline({ items, timeZone, customerName, accountLabel }: Props) {
  const now = useNow();
  return (
    <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Timeline">
      {items.map((item) => {
        const line = describeTimelineItem(item, { customerName, accountLabel });
        const fullTime = formatDateTime(item.at, timeZone);
        return (
          <Paper key={item.id} withBorder radius="sm" px="sm" py={6} component="li" data-kind={item.kind}>
            <Group gap="sm" wrap="nowrap">
              <Badge color={line.color} autoContrast variant="filled" w={92} style={{ flexShrink: 0 }}>
                {line.label}
              </Badge>
              <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }} title={line.text}>
                {line.text}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {line.who}
                {' · '}
                <time dateTime={item.at} title={fullTime}>
                  {formatRelativeTime(item.at, now, timeZone)}
                </time>
              </Text>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** What the timeline looks like while its first page loads: rows of the same height, no layout jump. */
export function CustomerTimelineSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap={4} role="status" aria-label="Loading the timeline">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={34} radius="sm" />
      ))}
    </Stack>
  );
}
