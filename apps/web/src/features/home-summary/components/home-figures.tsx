import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { HomeSummary } from '@paylane/shared/contracts/home';
import { HOME_SUMMARY_DAYS } from '@paylane/shared/contracts/home';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date-time';
import { messageBatchPagePath } from '../../../lib/page-paths';

type Figure = { label: string; value: number; to?: string };

/** One figure: its name (a link to the page listing it, when there is one) and the number. */
function FigureCard({ label, value, to }: Figure) {
  return (
    <Paper withBorder radius="md" p="md" component="div">
      <Text component="dt" size="sm" c="dimmed">
        {to ? (
          <Anchor component={Link} to={to} size="sm">
            {label}
          </Anchor>
        ) : (
          label
        )}
      </Text>
      <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
        {value.toLocaleString('en-US')}
      </Text>
    </Paper>
  );
}

function FigureGroup({ title, figures }: { title: string; figures: Figure[] }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3}>{title}</Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="dl" m={0}>
        {figures.map((figure) => (
          <FigureCard key={figure.label} {...figure} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

type Props = { summary: HomeSummary; merchantId: string; timeZone: string | null };

/** Home's overview (docs/product.md §2 Home): what the merchant has, who is waiting, and what its texts did lately. */
export function HomeFigures({ summary, merchantId, timeZone }: Props) {
  const scoped = (path: string) => `/merchants/${encodeURIComponent(merchantId)}${path}`;
  const { accounts, conversations, texts } = summary;
  return (
    <Stack gap="lg">
      <FigureGroup
        title="Customers and Accounts"
        figures={[
          { label: 'Customers', value: summary.customers, to: scoped('/customers/') },
          { label: 'Active Accounts', value: accounts.active },
          { label: 'Due This Week', value: accounts.due_this_week },
          { label: 'Past Due', value: accounts.past_due },
        ]}
      />
      <FigureGroup
        title="Conversations"
        figures={[
          { label: 'Waiting for a Reply', value: conversations.waiting_for_reply, to: '/missed-messages' },
          { label: 'Unread Texts', value: conversations.unread_messages, to: scoped('/inbox') },
          { label: 'Conversations', value: conversations.total, to: scoped('/inbox') },
        ]}
      />
      <FigureGroup
        title={`Texts in the Last ${HOME_SUMMARY_DAYS} Days`}
        figures={[
          { label: 'Customer Replies', value: texts.received, to: '/customer-replies' },
          // docs/product.md §4 display wording for what was sent.
          { label: 'Delivered', value: texts.delivered },
          { label: 'Sent', value: texts.sent },
          { label: 'Queued', value: texts.queued },
          { label: 'Failed to send', value: texts.failed },
          { label: 'Auto Messages Sent', value: summary.auto_messages.sent, to: '/auto-messages' },
          { label: 'Auto Messages Skipped', value: summary.auto_messages.skipped, to: '/auto-messages' },
        ]}
      />
      <LatestBatch summary={summary} timeZone={timeZone} />
    </Stack>
  );
}

function LatestBatch({ summary, timeZone }: { summary: HomeSummary; timeZone: string | null }) {
  const batch = summary.latest_batch;
  let body: ReactNode;
  if (!batch) {
    body = (
      <Text size="sm" c="dimmed">
        No mass text has been sent yet.
      </Text>
    );
  } else {
    const { counts } = batch;
    body = (
      <Stack gap={4}>
        <Group gap="xs">
          <Anchor component={Link} to={messageBatchPagePath(batch.id)} fw={600}>
            {batch.batch_name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {formatDateTime(batch.created, timeZone)}
            {batch.created_by ? ` · ${batch.created_by}` : ''}
          </Text>
        </Group>
        <Text size="sm">
          {`${batch.recipient_count} recipients: ${counts.delivered} Delivered, ${counts.sent} Sent, ` +
            `${counts.pending + counts.queued} Queued, ${counts.failed} Failed to send` +
            (counts.canceled ? `, ${counts.canceled} Canceled` : '')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-label="Latest Mass Text">
      <Group justify="space-between">
        <Title order={3}>Latest Mass Text</Title>
        <Anchor component={Link} to="/message-report" size="sm">
          Message Report
        </Anchor>
      </Group>
      <Paper withBorder radius="md" p="md">
        {body}
      </Paper>
    </Stack>
  );
}
