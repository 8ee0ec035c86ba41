import { Alert, Button, Center, Chip, Group, Stack, Text } from '@mantine/core';
import type { TimelineKind } from '@paylane/shared/contracts/customer-timeline';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { accountTitle } from '../../../features/customer-accounts/components/account-card';
import { useCustomerTimeline } from '../../../features/customer-history/api/list-customer-timeline';
import {
  CustomerTimeline,
  CustomerTimelineSkeleton,
} from '../../../features/customer-history/components/customer-timeline';
import { useCustomerPage } from './customer-page-context';
import { textColors } from '../../../lib/scheme-colors';

const filters: { value: TimelineKind | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'messages', label: 'Messages' },
  { value: 'payments', label: 'Payments' },
  { value: 'notes', label: 'Notes' },
  { value: 'history', label: 'History' },
];

const emptyTexts: Record<TimelineKind | 'all', string> = {
  all: 'Messages, payments, notes and changes to this customer will show here.',
  messages: 'Texts and emails to and from this customer will show here.',
  payments: 'Payments, refunds and promises to pay will show here.',
  notes: 'Notes about this customer will show here.',
  history: 'Changes to this customer and their accounts will show here.',
};

/** Timeline (issue 20): everything that happened to the customer in one list, newest first. */
export function CustomerTimelineView() {
  const { merchantId, customer, timeZone } = useCustomerPage();
  const [filter, setFilter] = useState<TimelineKind | 'all'>('all');
  const timeline = useCustomerTimeline(merchantId, customer.id, filter === 'all' ? null : filter);
  const accountLabel = (accountId: string) => {
    const account = customer.accounts.find((item) => item.id === accountId);
    return account ? accountTitle(account) : null;
  };
  const items = timeline.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <Stack gap="md">
      <Chip.Group multiple={false} value={filter} onChange={(value) => setFilter(value as typeof filter)}>
        <Group gap="xs" role="radiogroup" aria-label="Show">
          {filters.map((option) => (
            <Chip key={option.value} value={option.value} type="radio" size="sm" variant="outline">
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {timeline.isPending ? <CustomerTimelineSkeleton /> : null}
      {timeline.isError && !timeline.data ? (
        <Alert color="red" variant="light" title="The timeline could not be loaded.">
          <Group justify="space-between">
            <Text size="sm">Check the connection and try again.</Text>
            <Button size="xs" variant="default" onClick={() => void timeline.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : null}
      {timeline.data && items.length === 0 ? (
        <EmptyState title="Nothing here yet." description={emptyTexts[filter]} />
      ) : null}
      {items.length > 0 ? (
        <CustomerTimeline
          items={items}
          timeZone={timeZone}
          customerName={`${customer.first_name} ${customer.last_name}`.trim()}
          accountLabel={accountLabel}
        />
      ) : null}
      {timeline.isFetchNextPageError ? (
        <Text size="sm" c={textColors.danger} role="alert">
          Older items could not be loaded.
        </Text>
      ) : null}
      {timeline.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            loading={timeline.isFetchingNextPage}
            onClick={() => void timeline.fetchNextPage()}
          >
            {timeline.isFetchNextPageError ? 'Retry' : 'Load more'}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
