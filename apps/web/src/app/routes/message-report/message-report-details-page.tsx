import { Alert, Button, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { MessageBatch } from '@paylane/shared/contracts/messages';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DEFAULT_DATA_TABLE_PAGE_SIZE } from '../../../components/data-table/data-table';
import { useCurrentMerchant } from '../../../features/merchants/hooks/use-current-merchant';
import { useCancelPending } from '../../../features/message-report/api/cancel-pending';
import { useMessageBatch } from '../../../features/message-report/api/get-message-batch';
import {
  batchStatusFilters,
  useBatchMessages,
  type BatchStatusFilter,
} from '../../../features/message-report/api/list-batch-messages';
import { progressInterval } from '../../../features/message-report/api/list-message-batches';
import { BatchMessagesTable } from '../../../features/message-report/components/batch-messages-table';
import { confirmCancelPending } from '../../../features/message-report/components/confirm-cancel-pending';
import { useCan } from '../../../features/profile/hooks/use-can';
import { formatDateTime } from '../../../lib/date-time';
import { errorDetailText } from '../../../lib/notify';
import { PageHeader } from '../../../components/page-header';
import { LinesSkeleton } from '../../../components/form-skeleton';

/** The filter's words: docs/product.md §4 display names, with our own 'waiting' and 'canceled' told apart. */
const filterLabels: Record<BatchStatusFilter, string> = {
  pending: 'Waiting to send',
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed to send',
  canceled: 'Canceled',
};

/** /message-report/{messageID}/details: one mass text, a row per recipient, statuses moving live. */
export function MessageReportDetailsPage() {
  const { messageID = '' } = useParams();
  const { merchantId, merchant } = useCurrentMerchant();
  if (!merchantId) return <Alert color="yellow">Choose a merchant to see its message report.</Alert>;
  return <BatchDetails merchantId={merchantId} batchId={messageID} timeZone={merchant?.time_zone ?? null} />;
}

function BatchDetails({
  merchantId,
  batchId,
  timeZone,
}: {
  merchantId: string;
  batchId: string;
  timeZone: string | null;
}) {
  const [status, setStatus] = useState<BatchStatusFilter | undefined>(undefined);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_DATA_TABLE_PAGE_SIZE });
  const batch = useMessageBatch(merchantId, batchId);
  const interval = progressInterval(batch.data?.counts);
  const messages = useBatchMessages(
    merchantId,
    batchId,
    { page: paging.page, page_size: paging.pageSize, status },
    interval,
  );
  const canCancel = useCan('groupMessage', merchantId);
  const cancel = useCancelPending(merchantId);

  if (batch.isPending) return <LinesSkeleton lines={8} label="Loading batch" />;
  if (batch.isError) {
    return (
      <Alert color="red" variant="light">
        {errorDetailText(batch.error) || 'The batch could not be loaded.'}
      </Alert>
    );
  }
  const detail = batch.data;
  return (
    <Stack gap="md">
      <title>{`${detail.batch_name} · Message Report · Paylane`}</title>
      <PageHeader
        title={detail.batch_name}
        backTo="/message-report"
        backLabel="Message Report"
        description={
          <>
            {formatDateTime(detail.created, timeZone)}
            {detail.created_by ? ` · ${detail.created_by}` : ''}
            {detail.template_name ? ` · Template: ${detail.template_name}` : ''}
            {detail.is_csv_imported ? ' · From a CSV' : ''}
          </>
        }
        actions={
          canCancel && detail.counts.pending > 0 ? (
            <Button
              color="red"
              variant="light"
              loading={cancel.isPending}
              onClick={() => confirmCancelPending(detail, () => cancel.mutate(detail.id))}
            >
              Cancel Pending
            </Button>
          ) : null
        }
      />
      <Paper withBorder p="md" radius="md">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {detail.message}
        </Text>
      </Paper>
      <BatchCounts batch={detail} />
      <NativeSelect
        label="Status"
        maw={240}
        data={[
          { value: '', label: 'All statuses' },
          ...batchStatusFilters.map((value) => ({ value, label: filterLabels[value] })),
        ]}
        value={status ?? ''}
        onChange={(event) => {
          setStatus((event.currentTarget.value || undefined) as BatchStatusFilter | undefined);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
      />
      <BatchMessagesTable
        messages={messages.data?.results}
        isFetching={messages.isPlaceholderData}
        isFiltered={status !== undefined}
        timeZone={timeZone}
        paging={{
          count: messages.data?.count ?? 0,
          page: paging.page,
          pageSize: paging.pageSize,
          onChange: setPaging,
        }}
      />
    </Stack>
  );
}

/** The batch's progress in docs/product.md §4 words; pending (not yet with the provider) reads Queued. */
function BatchCounts({ batch }: { batch: MessageBatch }) {
  const { counts } = batch;
  const items = [
    ['Recipients', batch.recipient_count],
    ['Queued', counts.pending + counts.queued],
    ['Sent', counts.sent],
    ['Delivered', counts.delivered],
    ['Failed to send', counts.failed],
    ['Canceled', counts.canceled],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 3, sm: 6 }} role="list" aria-label="Progress">
      {items.map(([label, value]) => (
        <Paper key={label} withBorder p="sm" radius="md" role="listitem" aria-label={`${label}: ${value}`}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700}>{value}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
