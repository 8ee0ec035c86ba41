import { customerPath } from '../../customers/api/get-customer';

// Query keys and API paths of bank returns (packages/shared/src/contracts/bank-returns.ts).

export const bankReturnsKey = (merchantId: string) => ['merchants', merchantId, 'bank-returns'] as const;

const merchantPath = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}/`;

export const achReturnReportPath = (merchantId: string) => `${merchantPath(merchantId)}ach_return_report/`;
export const returnRatesPath = (merchantId: string) => `${merchantPath(merchantId)}ach_return_rates/`;
export const accountReturnsPath = (merchantId: string, customerId: string, accountId: string) =>
  `${customerPath(merchantId, customerId)}accounts/${encodeURIComponent(accountId)}/bank_returns/`;
