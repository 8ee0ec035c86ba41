import { Group, MultiSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { transactionStatusSchema, type TransactionStatus } from '@paylane/shared/contracts/payments';
import { useEffect, useState } from 'react';
import { DateRangePicker } from '../../../components/date-range-picker/date-range-picker';
import type { DateRange } from '../../../components/date-range-picker/date-range-presets';
import { paymentStatusLabels } from '../../../components/payment-status-badge';

export type PaymentReportFilterValues = { range: DateRange; statuses: TransactionStatus[]; like: string };

type Props = {
  value: PaymentReportFilterValues;
  onChange: (patch: Partial<PaymentReportFilterValues>) => void;
  today: string;
};

const statusOptions = transactionStatusSchema.options.map((status) => ({
  value: status,
  label: paymentStatusLabels[status],
}));

const SEARCH_DEBOUNCE_MS = 300;

/** The report's filters: days, statuses and a search, each applied as it changes (the search once typing pauses). */
export function PaymentReportFilters({ value, onChange, today }: Props) {
  const [search, setSearch] = useState(value.like);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debouncedSearch !== value.like) onChange({ like: debouncedSearch });
  }, [debouncedSearch, value.like, onChange]);

  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <DateRangePicker value={value.range} today={today} onChange={(range) => onChange({ range })} />
      <MultiSelect
        label="Status"
        placeholder={value.statuses.length === 0 ? 'All statuses' : undefined}
        w={260}
        data={statusOptions}
        value={value.statuses}
        onChange={(statuses) => onChange({ statuses: statuses as TransactionStatus[] })}
        clearable
        // The clear button is an icon: name it (axe button-name).
        clearButtonProps={{ 'aria-label': 'Clear the statuses' }}
      />
      <TextInput
        label="Search"
        placeholder="Customer name or ID, account number, last four"
        w={320}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
    </Group>
  );
}
