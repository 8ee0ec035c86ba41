import type { TransactionStatus } from '@paylane/shared/contracts/payments';

/** Every cached payment-report query of a merchant starts with this key. */
export const paymentReportKey = (merchantId: string) => ['merchants', merchantId, 'payment-report'] as const;

const merchantPath = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}/`;
export const reportTransactionsPath = (merchantId: string) =>
  `${merchantPath(merchantId)}report-transactions/`;
export const exportTransactionsPath = (merchantId: string) =>
  `${merchantPath(merchantId)}export_transactions/`;

/** The report's filters; '' and [] filter nothing. Days are YYYY-MM-DD on the merchant's clock. */
export type PaymentReportFilters = {
  start: string;
  end: string;
  statuses: TransactionStatus[];
  like: string;
};

/** The filters as the API names them (packages/shared/src/contracts/payment-report.ts), empty ones left out. */
export function filterParams(filters: PaymentReportFilters) {
  const like = filters.like.trim();
  return {
    start: filters.start || undefined,
    end: filters.end || undefined,
    status: filters.statuses.length > 0 ? filters.statuses : undefined,
    like: like || undefined,
  };
}
