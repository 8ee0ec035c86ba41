import { Alert, Button, Stack } from '@mantine/core';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  DATA_TABLE_PAGE_SIZES,
  DEFAULT_DATA_TABLE_PAGE_SIZE,
} from '../../../components/data-table/data-table';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import { useMiscPayments } from '../../../features/misc-payments/api/list-misc-payments';
import { MiscPaymentsTable } from '../../../features/misc-payments/components/misc-payments-table';
import {
  RefundActionCell,
  RefundNote,
  RefundTableContext,
} from '../../../features/payments/components/refund-cells';
import { RefundModal } from '../../../features/payments/components/refund-modal';
import { useCan } from '../../../features/profile/hooks/use-can';
import { PageHeader } from '../../../components/page-header';

const positiveInt = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** The page and page size live in the address (?page&page_size), so Back and a reload keep them. */
function usePagingParams() {
  const [params, setParams] = useSearchParams();
  const size = positiveInt(params.get('page_size'), DEFAULT_DATA_TABLE_PAGE_SIZE);
  const pageSize = (DATA_TABLE_PAGE_SIZES as readonly number[]).includes(size)
    ? size
    : DEFAULT_DATA_TABLE_PAGE_SIZE;
  const page = positiveInt(params.get('page'), 1);
  const update = (next: { page: number; pageSize: number }) =>
    setParams({ page: String(next.page), page_size: String(next.pageSize) });
  return { page, pageSize, update };
}

/**
 * /merchants/{merchantID}/misc-payment (docs/product.md §2, down payment): the merchant's misc payments, each
 * refund beside its payment, and for who may refund (is_payment_refund_allowed) the customer page's Refund on
 * each refundable PAID row.
 */
export function MiscPaymentsPage() {
  const { merchantID = '' } = useParams();
  const { page, pageSize, update } = usePagingParams();
  const { data: merchant } = useMerchant(merchantID);
  const payments = useMiscPayments(merchantID, { page, pageSize });
  const canRefund = useCan('correctPayments', merchantID);
  const [refunding, setRefunding] = useState<Transaction | null>(null);
  const rows = payments.data?.results;
  const timeZone = merchant?.time_zone ?? null;
  return (
    <Stack gap="md">
      <title>Misc Payments · Paylane</title>
      <PageHeader
        title="Misc Payments"
        description="Down payments and other payments taken at the counter before there is an account."
        actions={
          <Button component={Link} to="new">
            New Misc Payment
          </Button>
        }
      />
      {payments.isError && !payments.data ? (
        <Alert color="red" variant="light" role="alert">
          The misc payments could not be loaded.
        </Alert>
      ) : (
        <RefundTableContext value={{ onRefund: canRefund ? setRefunding : null, transactions: rows ?? [] }}>
          <MiscPaymentsTable
            merchantId={merchantID}
            timeZone={timeZone}
            rows={rows}
            isFetching={payments.isPlaceholderData}
            paging={{ count: payments.data?.count ?? 0, page, pageSize, onChange: update }}
            statusNote={RefundNote}
            rowActions={canRefund ? RefundActionCell : undefined}
          />
        </RefundTableContext>
      )}
      {refunding ? (
        <RefundModal
          merchantId={merchantID}
          payment={refunding}
          // The customer's other misc payments listed here may be sources too.
          transactions={rows ?? []}
          timeZone={timeZone ?? undefined}
          onClose={() => setRefunding(null)}
        />
      ) : null}
    </Stack>
  );
}
