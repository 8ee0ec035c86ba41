import { Button, Center, Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { accountTitle } from '../../../features/customer-accounts/components/account-card';
import { useCustomerHistory } from '../../../features/customer-history/api/list-customer-history';
import { HistoryTimeline } from '../../../features/customer-history/components/history-timeline';
import { QueryFallback } from '../../../components/query-fallback';
import { useCustomerPage } from './customer-page-context';

/** History: one timeline of the customer's changes and notes (messages and payments join with their issues). */
export function CustomerHistoryView() {
  const { merchantId, customer, timeZone } = useCustomerPage();
  const history = useCustomerHistory(merchantId, customer.id);
  if (!history.data) return <QueryFallback query={history} />;
  const events = history.data.pages.flatMap((page) => page.results);
  if (events.length === 0) {
    return <EmptyState title="No history yet." description="Changes to this customer will show here." />;
  }
  const accountLabel = (accountId: string) => {
    const account = customer.accounts.find((item) => item.id === accountId);
    return account ? accountTitle(account) : null;
  };
  return (
    <Stack gap="md">
      <HistoryTimeline events={events} timeZone={timeZone} accountLabel={accountLabel} />
      {history.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            loading={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
