// The whole pg-core schema, one file per area under schema/.
export * from './schema/users';
export * from './schema/merchants';
export * from './schema/customers';
export * from './schema/auth';
export * from './schema/audit';
export * from './schema/outbox';
export * from './schema/merchant-setup';
export * from './schema/settings';
export * from './schema/customer-records';
export * from './schema/customer-imports';
export * from './schema/messaging';
export * from './schema/conversations';
export * from './schema/rate-limits';
export * from './schema/sandbox-processor';
export * from './schema/payments';
export * from './schema/pay-links';
export * from './schema/payment-method-entries';
