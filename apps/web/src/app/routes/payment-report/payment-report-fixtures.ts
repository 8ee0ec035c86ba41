import type { ReportTransaction } from '@paylane/shared/contracts/payment-report';

/** A paid card payment of Ada Lovelace as the report lists it; override what a test looks at. */
export function makeReportTransaction(overrides: Partial<ReportTransaction> = {}): ReportTransaction {
  const id = overrides.id ?? 'txn-1';
  return {
    id,
    status: 'PAID',
    created: '2026-11-20T16:30:00.000Z',
    payment: {
      id: `pay-${id}`,
      customer_id: 'cust-1',
      account_id: 'acct-1',
      method_kind: 'card',
      method_label: 'Visa credit •••• 4242',
      note: '',
      amount_cents: 25_000,
      fee_cents: 750,
      fee_waived: false,
      total_amount_cents: 25_750,
      failure_code: null,
      failure_message: null,
      paid_at: '2026-11-20T16:30:02.000Z',
      refunded_cents: 0,
      fee_refunded_cents: 0,
      refund_of: null,
    },
    customer: { id: 'cust-1', first_name: 'Ada', last_name: 'Lovelace', external_id: 'C-100' },
    account: { id: 'acct-1', account_number: 'A-2001' },
    taken_by: 'Jane Doe',
    ...overrides,
  };
}
