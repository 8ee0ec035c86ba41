import { Alert, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { AutopaySummary } from '@paylane/shared/contracts/autopay';
import { formatCurrency, formatDate } from '@paylane/shared/format';
import { useState } from 'react';
import { DateRangePicker } from '../../../components/date-range-picker/date-range-picker';
import {
  presetRange,
  todayIn,
  type DateRange,
} from '../../../components/date-range-picker/date-range-presets';
import { useAutopaySummary } from '../../../features/autopay/api/get-autopay-summary';
import { useCurrentMerchant } from '../../../features/merchants/hooks/use-current-merchant';
import { errorDetailText } from '../../../lib/notify';
import { PageHeader } from '../../../components/page-header';

/** /autopay-summary (docs/product.md §2 Reports, §7 autopay_summary; issue 18 item 5): enrolled, charged, failed. */
export function AutopaySummaryPage() {
  const { merchantId, merchant } = useCurrentMerchant();
  return (
    <Stack gap="md">
      <title>Autopay Summary · Paylane</title>
      <PageHeader title="Autopay Summary" />
      {merchantId ? (
        <MerchantAutopaySummary
          key={merchantId}
          merchantId={merchantId}
          timeZone={merchant?.time_zone ?? null}
        />
      ) : (
        <Alert color="yellow" variant="light">
          Choose a merchant to see its autopay summary.
        </Alert>
      )}
    </Stack>
  );
}

function MerchantAutopaySummary({ merchantId, timeZone }: { merchantId: string; timeZone: string | null }) {
  const today = todayIn(timeZone);
  const [range, setRange] = useState<DateRange>(() => presetRange('last_30_days', today));
  const summary = useAutopaySummary(merchantId, { start: range.start, end: range.end });
  return (
    <Stack gap="md">
      <DateRangePicker value={range} today={today} onChange={setRange} />
      {summary.isError && !summary.data ? (
        <Alert color="red" variant="light" role="alert">
          {errorDetailText(summary.error) || 'The autopay summary could not be loaded.'}
        </Alert>
      ) : summary.data ? (
        <SummaryView summary={summary.data} />
      ) : null}
    </Stack>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {detail ? <Text size="sm">{detail}</Text> : null}
    </Paper>
  );
}

function SummaryView({ summary }: { summary: AutopaySummary }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label="Enrolled" value={String(summary.enrolled)} detail="Accounts with autopay on now" />
        <Figure
          label="Charged"
          value={String(summary.charged)}
          detail={formatCurrency(summary.charged_cents)}
        />
        <Figure label="Failed" value={String(summary.failed)} detail={formatCurrency(summary.failed_cents)} />
      </SimpleGrid>
      {summary.days.length === 0 ? (
        <Text c="dimmed">No autopay charges in these days.</Text>
      ) : (
        <Table striped aria-label="Autopay by day">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Charged</Table.Th>
              <Table.Th>Charged Amount</Table.Th>
              <Table.Th>Failed</Table.Th>
              <Table.Th>Failed Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.days.map((day) => (
              <Table.Tr key={day.date}>
                <Table.Td>{formatDate(day.date)}</Table.Td>
                <Table.Td>{day.charged}</Table.Td>
                <Table.Td>{formatCurrency(day.charged_cents)}</Table.Td>
                <Table.Td>{day.failed}</Table.Td>
                <Table.Td>{formatCurrency(day.failed_cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
