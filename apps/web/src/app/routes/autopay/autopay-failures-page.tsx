import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DateRangePicker } from '../../../components/date-range-picker/date-range-picker';
import {
  presetRange,
  todayIn,
  type DateRange,
} from '../../../components/date-range-picker/date-range-presets';
import { useAutopayFailures } from '../../../features/autopay/api/list-autopay-failures';
import { AutopayFailuresTable } from '../../../features/autopay/components/autopay-failures-table';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import { errorDetailText } from '../../../lib/notify';
import { PageHeader } from '../../../components/page-header';

const PAGE_SIZES = [25, 50, 100] as const;

/** /{merchantID}/autopay-failures (docs/product.md §2 Reports, issue 18 item 5): the merchant's failed autopay charges. */
export function AutopayFailuresPage() {
  const merchantId = useParams().merchant_id ?? '';
  const { data: merchant } = useMerchant(merchantId);
  const today = todayIn(merchant?.time_zone ?? null);
  const [range, setRange] = useState<DateRange>(() => presetRange('last_30_days', today));
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  const failures = useAutopayFailures(merchantId, { start: range.start, end: range.end, ...paging });
  return (
    <Stack gap="md">
      <title>Autopay Failures · Paylane</title>
      <PageHeader title="Autopay Failures" />
      <DateRangePicker
        value={range}
        today={today}
        onChange={(next) => {
          setRange(next);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
      />
      {failures.isError && !failures.data ? (
        <Alert color="red" variant="light" role="alert">
          {errorDetailText(failures.error) || 'The autopay failures could not be loaded.'}
        </Alert>
      ) : (
        <AutopayFailuresTable
          merchantId={merchantId}
          rows={failures.data?.results}
          isFetching={failures.isPlaceholderData}
          paging={{
            count: failures.data?.count ?? 0,
            page: paging.page,
            pageSize: paging.pageSize,
            pageSizes: PAGE_SIZES,
            onChange: setPaging,
          }}
        />
      )}
    </Stack>
  );
}
