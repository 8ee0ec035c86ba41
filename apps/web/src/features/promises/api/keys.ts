import { customerKey, customerPath } from '../../customers/api/get-customer';

// Query keys and API paths of promises to pay (packages/shared/src/contracts/promises.ts). Every promise query of
// a merchant lives under promisesKey, so one invalidation after a create, confirm or cancel refreshes the
// account's promises, the /promises page and Home's figures at once.

export const promisesKey = (merchantId: string) => ['merchants', merchantId, 'promises'] as const;

export const accountPromisesKey = (merchantId: string, customerId: string, accountId: string) =>
  [...promisesKey(merchantId), 'account', customerId, accountId] as const;

/** The customer's own queries (the history timeline tells promise events): refreshed beside the promises. */
export const promiseCustomerKey = (merchantId: string, customerId: string) =>
  customerKey(merchantId, customerId);

const merchantPath = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}/`;

/** …/customers/{c}/accounts/{a}/promises/: create (POST) and list (GET) an account's promises. */
export const accountPromisesPath = (merchantId: string, customerId: string, accountId: string) =>
  `${customerPath(merchantId, customerId)}accounts/${encodeURIComponent(accountId)}/promises/`;

export const confirmPromisePath = (
  merchantId: string,
  promise: { id: string; customer: { id: string }; account: { id: string } },
) =>
  `${accountPromisesPath(merchantId, promise.customer.id, promise.account.id)}${encodeURIComponent(promise.id)}/confirm/`;

export const cancelScheduledPaymentPath = (merchantId: string) =>
  `${merchantPath(merchantId)}cancel_scheduled_payment/`;
export const promisesPath = (merchantId: string) => `${merchantPath(merchantId)}promises/`;
export const promiseSummaryPath = (merchantId: string) => `${merchantPath(merchantId)}promise_summary/`;
export const scheduledSummaryPath = (merchantId: string) => `${merchantPath(merchantId)}scheduled_summary/`;
