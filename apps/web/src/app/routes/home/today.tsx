import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { PAYMENT_ACTION_KINDS } from '@paylane/shared/contracts/failed-actions';
import { formatCurrency } from '@paylane/shared/format';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { todayIn } from '../../../components/date-range-picker/date-range-presets';
import { useAutopaySummary } from '../../../features/autopay/api/get-autopay-summary';
import { useFailedActions } from '../../../features/failed-actions/api/list-failed-actions';
import { useHomeSummary } from '../../../features/home-summary/api/get-home-summary';
import { useInboxCounts } from '../../../features/inbox/api/inbox-counts';
import { usePromiseSummary } from '../../../features/promises/api/get-promise-summary';
import { textColors } from '../../../lib/scheme-colors';
import { SectionTitle } from '../../../components/section-title';

type Props = { merchantId: string; timeZone: string | null };

type TodayItem = {
  label: string;
  /** Undefined while loading; null when it could not be loaded. */
  value: number | null | undefined;
  detail?: string;
  to: string;
  /** A count above zero is work waiting (shown in the danger colour). */
  isWork?: boolean;
};

/**
 * Home's 'Today' (issue 20 item 5): what needs someone now, each a link into the work — replies waiting,
 * promises due today, open failed payments, texts that failed lately, and today's autopay run.
 */
export function Today({ merchantId, timeZone }: Props) {
  const merchant = encodeURIComponent(merchantId);
  const today = todayIn(timeZone);
  const inbox = useInboxCounts(merchantId);
  const promises = usePromiseSummary(merchantId);
  const summary = useHomeSummary(merchantId);
  const failedPayments = useFailedActions(merchantId, {
    kinds: PAYMENT_ACTION_KINDS,
    state: 'open',
    page: 1,
    pageSize: 1,
  });
  const autopay = useAutopaySummary(merchantId, { start: today, end: today });
  const valueOf = <T,>(query: { data?: T; isError: boolean }, pick: (data: T) => number) =>
    query.data !== undefined ? pick(query.data) : query.isError ? null : undefined;
  const items: TodayItem[] = [
    {
      label: 'Replies waiting',
      value: valueOf(inbox, (counts) => counts.needs_reply),
      to: `/merchants/${merchant}/inbox?view=needs_reply`,
      isWork: true,
    },
    {
      label: 'Promises due today',
      value: valueOf(promises, (data) => data.due_today),
      to: '/promises',
      isWork: true,
    },
    {
      label: 'Failed payments',
      value: valueOf(failedPayments, (page) => page.count),
      to: '/failed-payments',
      isWork: true,
    },
    {
      label: 'Failed texts',
      value: valueOf(summary, (data) => data.texts.failed),
      detail: 'last 30 days',
      to: '/message-report',
      isWork: true,
    },
    {
      label: 'Autopay today',
      value: valueOf(autopay, (data) => data.charged),
      detail: autopay.data
        ? `${formatCurrency(autopay.data.charged_cents)} · ${autopay.data.failed} failed`
        : undefined,
      to: '/autopay-summary',
    },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="home-today">
      <SectionTitle id="home-today">Today</SectionTitle>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {items.map((item) => (
          <TodayLink key={item.label} item={item} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function TodayLink({ item }: { item: TodayItem }) {
  let figure: ReactNode;
  if (item.value === undefined) figure = <Skeleton h={28} w={48} />;
  else if (item.value === null) figure = <Text size="sm">Could not be loaded</Text>;
  else
    figure = (
      <Text fz={24} fw={700} lh={1.2} c={item.isWork && item.value > 0 ? textColors.danger : undefined}>
        {item.value.toLocaleString('en-US')}
      </Text>
    );
  return (
    <Paper withBorder radius="md" p="sm">
      <Anchor component={Link} to={item.to} fw={600} size="sm">
        {item.label}
      </Anchor>
      {figure}
      {item.detail ? (
        <Text size="xs" c="dimmed">
          {item.detail}
        </Text>
      ) : null}
    </Paper>
  );
}
