import { customerKey, customerPath } from '../../customers/api/get-customer';

// Query keys and API paths of autopay (packages/shared/src/contracts/autopay.ts). Every autopay query of a
// merchant lives under autopayKey, so enrolling or stopping refreshes the account's section and the reports.

export const autopayKey = (merchantId: string) => ['merchants', merchantId, 'autopay'] as const;

export const accountAutopayKey = (merchantId: string, customerId: string, accountId: string) =>
  [...autopayKey(merchantId), 'account', customerId, accountId] as const;

/** The customer's own queries (the account's autopay_enabled, the history): refreshed beside autopay. */
export const autopayCustomerKey = (merchantId: string, customerId: string) =>
  customerKey(merchantId, customerId);

/** …/customers/{c}/accounts/{a}/autopay/: read (GET), enrol (POST), stop (DELETE). */
export const accountAutopayPath = (merchantId: string, customerId: string, accountId: string) =>
  `${customerPath(merchantId, customerId)}accounts/${encodeURIComponent(accountId)}/autopay/`;

const merchantPath = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}/`;
export const autopaySummaryPath = (merchantId: string) => `${merchantPath(merchantId)}autopay_summary/`;
export const autopayFailuresPath = (merchantId: string) => `${merchantPath(merchantId)}autopay_failures/`;
