import { Alert, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MessageBatch } from '@paylane/shared/contracts/messages';
import { useState } from 'react';
import { DEFAULT_DATA_TABLE_PAGE_SIZE } from '../../../components/data-table/data-table';
import { useCurrentMerchant } from '../../../features/merchants/hooks/use-current-merchant';
import { useCancelPending } from '../../../features/message-report/api/cancel-pending';
import { useMessageBatches } from '../../../features/message-report/api/list-message-batches';
import { BatchesTable } from '../../../features/message-report/components/batches-table';
import { confirmCancelPending } from '../../../features/message-report/components/confirm-cancel-pending';
import { useCan } from '../../../features/profile/hooks/use-can';
import { PageHeader } from '../../../components/page-header';

/** /message-report (docs/product.md §2 Reports): the current merchant's mass texts and how far each has got. */
export function MessageReportPage() {
  const { merchantId, merchant } = useCurrentMerchant();
  if (!merchantId) {
    return (
      <Alert color="yellow" variant="light">
        Choose a merchant to see its message report.
      </Alert>
    );
  }
  return (
    <MerchantMessageReport key={merchantId} merchantId={merchantId} timeZone={merchant?.time_zone ?? null} />
  );
}

function MerchantMessageReport({ merchantId, timeZone }: { merchantId: string; timeZone: string | null }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_DATA_TABLE_PAGE_SIZE });
  const batches = useMessageBatches(merchantId, {
    page: paging.page,
    page_size: paging.pageSize,
    search: debouncedSearch,
  });
  // Stopping a mass text needs what sending one needs (docs/product.md §6 Group Message).
  const canCancel = useCan('groupMessage', merchantId);
  const { mutate: cancel } = useCancelPending(merchantId);
  const onCancelPending = canCancel
    ? (batch: MessageBatch) => confirmCancelPending(batch, () => cancel(batch.id))
    : null;

  return (
    <Stack gap="md">
      <title>Message Report · Paylane</title>
      <PageHeader title="Message Report" />
      <TextInput
        label="Search batches"
        placeholder="Batch name"
        maw={360}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
      />
      {batches.isError && !batches.data ? (
        <Alert color="red" variant="light">
          The message report could not be loaded.
        </Alert>
      ) : (
        <BatchesTable
          batches={batches.data?.results}
          isFetching={batches.isPlaceholderData}
          isSearching={debouncedSearch !== ''}
          timeZone={timeZone}
          onCancelPending={onCancelPending}
          paging={{
            count: batches.data?.count ?? 0,
            page: paging.page,
            pageSize: paging.pageSize,
            onChange: setPaging,
          }}
        />
      )}
    </Stack>
  );
}
