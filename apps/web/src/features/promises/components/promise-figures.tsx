import { Alert, Anchor, Skeleton, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatCurrency } from '@paylane/shared/format';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePromiseSummary } from '../api/get-promise-summary';
import { useScheduledSummary } from '../api/get-scheduled-summary';
import { SkeletonStatus } from '../../../components/form-skeleton';

/** /promises with its open ones shown first: what both figures lead to. */
const OPEN_PROMISES_PATH = '/promises?outcome=open';

function FigureCard(props: { label: string; value: number; details: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <dt>
        <Anchor component={Link} to={OPEN_PROMISES_PATH} size="sm">
          {props.label}
        </Anchor>
      </dt>
      <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
        {props.value.toLocaleString('en-US')}
      </Text>
      <Text component="dd" m={0} size="sm" c="dimmed">
        {props.details}
      </Text>
    </Paper>
  );
}

/**
 * Home's promise figures (issue 17 item 4): open promises (GET …/promise_summary/) and scheduled payments
 * (GET …/scheduled_summary/), each leading to /promises.
 */
export function PromiseFigures({ merchantId }: { merchantId: string }) {
  const promises = usePromiseSummary(merchantId);
  const scheduled = useScheduledSummary(merchantId);
  let body: ReactNode;
  if (promises.data && scheduled.data) {
    const p = promises.data;
    const s = scheduled.data;
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
        <FigureCard
          label="Open Promises"
          value={p.open}
          details={
            `${p.unconfirmed} Unconfirmed · ${p.due_today} due today · last 30 days: ${p.kept_30_days} kept, ` +
            `${p.partially_kept_30_days} partially kept, ${p.broken_30_days} broken`
          }
        />
        <FigureCard
          label="Scheduled Payments"
          value={s.scheduled}
          details={
            `${formatCurrency(s.scheduled_cents)} scheduled · ${s.due_next_7_days} due in 7 days ` +
            `(${formatCurrency(s.due_next_7_days_cents)}) · ${s.failed_30_days} failed in the last 30 days`
          }
        />
      </SimpleGrid>
    );
  } else if (promises.isError || scheduled.isError) {
    body = (
      <Alert color="red" variant="light">
        The promise figures could not be loaded.
      </Alert>
    );
  } else
    body = (
      <SkeletonStatus label="Loading the promise figures">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={84} />
          <Skeleton h={84} />
        </SimpleGrid>
      </SkeletonStatus>
    );
  return (
    <Stack gap="xs" component="section" aria-label="Promises to Pay">
      <Title order={3}>Promises to Pay</Title>
      {body}
    </Stack>
  );
}
