import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { PAYMENT_ACTION_KINDS } from '@paylane/shared/contracts/failed-actions';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_DATA_TABLE_PAGE_SIZE } from '../../../components/data-table/data-table';
import { useFailedActions } from '../../../features/failed-actions/api/list-failed-actions';
import { FailedActionsTable } from '../../../features/failed-actions/components/failed-actions-table';
import { useCurrentMerchant } from '../../../features/merchants/hooks/use-current-merchant';
import { SectionTitle } from '../../../components/section-title';

/**
 * /failed-payments (docs/product.md §2 Home; issue 18 item 4): the current merchant's open failed payments and
 * autopay charges, each linking into its customer, with Retry and Resolve as on the failed-actions page.
 */
export function FailedPaymentsPage() {
  const { merchantId, merchant } = useCurrentMerchant();
  return (
    <Stack>
      <Group justify="space-between" align="baseline">
        <SectionTitle>Failed Payments</SectionTitle>
        {merchantId ? (
          <Anchor
            component={Link}
            to={`/merchants/${encodeURIComponent(merchantId)}/failed-actions`}
            size="sm"
          >
            All failed actions
          </Anchor>
        ) : null}
      </Group>
      {merchantId ? (
        <MerchantFailedPayments
          key={merchantId}
          merchantId={merchantId}
          timeZone={merchant?.time_zone ?? null}
        />
      ) : (
        <Alert color="yellow" variant="light">
          Choose a merchant to see its failed payments.
        </Alert>
      )}
    </Stack>
  );
}

function MerchantFailedPayments({ merchantId, timeZone }: { merchantId: string; timeZone: string | null }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_DATA_TABLE_PAGE_SIZE });
  const payments = useFailedActions(merchantId, {
    kinds: PAYMENT_ACTION_KINDS,
    state: 'open',
    page: paging.page,
    pageSize: paging.pageSize,
  });
  if (payments.isError && !payments.data)
    return (
      <Alert color="red" variant="light">
        Failed Payments could not be loaded.
      </Alert>
    );
  return (
    <FailedActionsTable
      merchantId={merchantId}
      timeZone={timeZone}
      label="Failed Payments"
      rows={payments.data?.results}
      isFetching={payments.isPlaceholderData}
      empty={{
        title: 'No failed payments yet.',
        description: 'Declined payments and autopay charges show here until they are retried or resolved.',
      }}
      paging={{
        count: payments.data?.count ?? 0,
        page: paging.page,
        pageSize: paging.pageSize,
        onChange: setPaging,
      }}
    />
  );
}
