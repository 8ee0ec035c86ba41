import { Alert, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { todayIn } from '../../../components/date-range-picker/date-range-presets';
import { useCurrentMerchant } from '../../../features/merchants/hooks/use-current-merchant';
import type { PaymentReportFilters as Filters } from '../../../features/payment-report/api/keys';
import { useReportTransactions } from '../../../features/payment-report/api/list-report-transactions';
import { ExportTransactionsButton } from '../../../features/payment-report/components/export-transactions-button';
import { PaymentReportFilters } from '../../../features/payment-report/components/payment-report-filters';
import { ReportTransactionsTable } from '../../../features/payment-report/components/report-transactions-table';
import { reportErrorText } from '../../../features/payment-report/components/report-error-text';
import { usePaymentReportParams } from '../../../features/payment-report/hooks/use-payment-report-params';
import { PageHeader } from '../../../components/page-header';

/** /payment-report (docs/product.md §2 Reports): the current merchant's payments, filtered, paged and exported. */
export function PaymentReportPage() {
  const { merchantId, merchant } = useCurrentMerchant();
  if (!merchantId) {
    return (
      <Alert color="yellow" variant="light">
        Choose a merchant to see its payment report.
      </Alert>
    );
  }
  return (
    <MerchantPaymentReport key={merchantId} merchantId={merchantId} timeZone={merchant?.time_zone ?? null} />
  );
}

function MerchantPaymentReport({ merchantId, timeZone }: { merchantId: string; timeZone: string | null }) {
  // Days are the merchant's (the report's start and end are days on its clock).
  const today = todayIn(timeZone);
  const [params, update] = usePaymentReportParams(today);
  const filters = useMemo<Filters>(
    () => ({
      start: params.range.start,
      end: params.range.end,
      statuses: params.statuses,
      like: params.like,
    }),
    [params],
  );
  const report = useReportTransactions(merchantId, {
    ...filters,
    page: params.page,
    pageSize: params.pageSize,
  });

  return (
    <Stack gap="md">
      <title>Payment Report · Paylane</title>
      <PageHeader
        title="Payment Report"
        actions={<ExportTransactionsButton merchantId={merchantId} filters={filters} />}
      />
      <PaymentReportFilters value={params} onChange={update} today={today} />
      {report.isError && !report.data ? (
        <Alert color="red" variant="light" role="alert">
          {reportErrorText(report.error, 'The payment report could not be loaded.')}
        </Alert>
      ) : (
        <ReportTransactionsTable
          merchantId={merchantId}
          timeZone={timeZone}
          rows={report.data?.results}
          isFetching={report.isPlaceholderData}
          isFiltered={params.statuses.length > 0 || params.like !== ''}
          paging={{
            count: report.data?.count ?? 0,
            isCountCapped: report.data?.is_count_capped ?? false,
            page: params.page,
            pageSize: params.pageSize,
            onChange: ({ page, pageSize }) => update({ page, pageSize }),
          }}
        />
      )}
    </Stack>
  );
}
