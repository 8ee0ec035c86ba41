// Paths of pages (not API paths) that more than one feature links to. The router (app/routes) owns the pages; a feature
// that links to a page of another feature takes its path from here instead of from that feature's components.

/** /message-report/{messageID}/details: one mass text, a row per recipient. */
export const messageBatchPagePath = (batchId: string) =>
  `/message-report/${encodeURIComponent(batchId)}/details`;

/** /merchants/{merchantID}/customers/{customerID}: one customer's page. */
export const customerPagePath = (merchantId: string, customerId: string) =>
  `/merchants/${encodeURIComponent(merchantId)}/customers/${encodeURIComponent(customerId)}`;

/** /customers/move-payment (docs/product.md §2 Tools), opened on one payment when it names one. */
export const movePaymentPagePath = (payment?: {
  customerId: string;
  accountId: string;
  paymentId: string;
}) =>
  payment
    ? `/customers/move-payment?${new URLSearchParams({
        customer: payment.customerId,
        account: payment.accountId,
        payment: payment.paymentId,
      }).toString()}`
    : '/customers/move-payment';
