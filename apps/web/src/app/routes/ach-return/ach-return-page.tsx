import { Alert, Group, Select, Stack } from '@mantine/core';
import { returnRules } from '@paylane/shared/contracts/bank-returns';
import { useState } from 'react';
import { DateRangePicker } from '../../../components/date-range-picker/date-range-picker';
import {
  presetRange,
  todayIn,
  type DateRange,
} from '../../../components/date-range-picker/date-range-presets';
import { useAchReturns } from '../../../features/bank-returns/api/list-ach-returns';
import { useReturnRates } from '../../../features/bank-returns/api/get-return-rates';
import { AchReturnsTable } from '../../../features/bank-returns/components/ach-returns-table';
import { ReturnRateGauge } from '../../../features/bank-returns/components/return-rate-gauge';
import { useCurrentMerchant } from '../../../features/merchants/hooks/use-current-merchant';
import { errorDetailText } from '../../../lib/notify';
import { PageHeader } from '../../../components/page-header';

const ALL = 'all';
const codeOptions = [
  { value: ALL, label: 'All codes' },
  ...Object.entries(returnRules).map(([code, rule]) => ({ value: code, label: `${code} ${rule.meaning}` })),
];
const PAGE_SIZES = [50, 75, 100] as const;

/** /ach-return (docs/product.md §2 Reports, issue 18 item 3): returned bank payments and the return-rate gauge. */
export function AchReturnPage() {
  const { merchantId, merchant } = useCurrentMerchant();
  return (
    <Stack gap="md">
      <title>ACH Returns · Paylane</title>
      <PageHeader title="ACH Returns" />
      {merchantId ? (
        <MerchantReturns key={merchantId} merchantId={merchantId} timeZone={merchant?.time_zone ?? null} />
      ) : (
        <Alert color="yellow" variant="light">
          Choose a merchant to see its returns.
        </Alert>
      )}
    </Stack>
  );
}

function MerchantReturns({ merchantId, timeZone }: { merchantId: string; timeZone: string | null }) {
  const today = todayIn(timeZone);
  const [range, setRange] = useState<DateRange>(() => presetRange('last_30_days', today));
  const [code, setCode] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const rates = useReturnRates(merchantId);
  const returns = useAchReturns(merchantId, {
    start: range.start,
    end: range.end,
    code,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  return (
    <Stack gap="lg">
      {rates.data && <ReturnRateGauge rates={rates.data} />}
      <Group align="flex-start" gap="md" wrap="wrap">
        <DateRangePicker
          label="Returned date"
          value={range}
          today={today}
          onChange={(next) => {
            setRange(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
        <Select
          label="Return code"
          w={320}
          allowDeselect={false}
          data={codeOptions}
          value={code || ALL}
          onChange={(next) => {
            setCode(next && next !== ALL ? next : '');
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
      </Group>
      {returns.isError && !returns.data ? (
        <Alert color="red" variant="light" role="alert">
          {errorDetailText(returns.error) || 'The returns could not be loaded.'}
        </Alert>
      ) : (
        <AchReturnsTable
          merchantId={merchantId}
          timeZone={timeZone}
          rows={returns.data?.results}
          isFetching={returns.isPlaceholderData}
          isFiltered={code !== ''}
          paging={{
            count: returns.data?.count ?? 0,
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
