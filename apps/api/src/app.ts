import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { loggerOptions } from './lib/logging';
import { createAppContext } from './context';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import multipart from '@fastify/multipart';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { locationRoutes } from './modules/locations/locations.routes';
import { merchantAccountRoutes } from './modules/merchant-accounts/merchant-accounts.routes';
import { ownerRoutes } from './modules/owners/owners.routes';
import { merchantSettingsRoutes } from './modules/merchant-settings/merchant-settings.routes';
import { accountTagRoutes } from './modules/account-tags/account-tags.routes';
import { integrationRoutes } from './modules/integrations/integrations.routes';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes';
import { merchantUserRoutes } from './modules/merchant-users/merchant-users.routes';
import { roleRoutes } from './modules/roles/roles.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { customerRoutes } from './modules/customers/customers.routes';
import { accountRoutes } from './modules/customers/accounts.routes';
import { customerLookupRoutes } from './modules/customer-lookups/customer-lookups.routes';
import { customerHistoryRoutes } from './modules/customer-history/customer-history.routes';
import { customerTimelineRoutes } from './modules/customer-timeline/customer-timeline.routes';
import { duplicateRoutes } from './modules/duplicates/duplicates.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { merchantRoutes } from './modules/merchants/merchants.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { inboundDevRoutes } from './modules/inbound-messages/inbound-dev.routes';
import { twilioWebhookRoutes } from './modules/webhooks/twilio-webhooks.routes';
import { partnerRoutes } from './modules/partners/partners.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { customerImportRoutes } from './modules/customer-imports/customer-imports.routes';
import { customerNoteRoutes } from './modules/customer-notes/customer-notes.routes';
import { coBorrowerRoutes } from './modules/co-borrowers/co-borrowers.routes';
import { paymentMethodRoutes } from './modules/payment-methods/payment-methods.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { refundRoutes } from './modules/payments/refunds.routes';
import { processorWebhookRoutes } from './modules/payments/processor-webhooks.routes';
import { sandboxReaderRoutes } from './providers/payments/sandbox/sandbox-reader.routes';
import { sandboxReturnRoutes } from './providers/payments/sandbox/sandbox-returns.routes';
import { payLinkRoutes } from './modules/pay-links/pay-links.routes';
import { payPageRoutes } from './modules/pay-links/pay-page.routes';
import { paymentReportRoutes } from './modules/payment-report/payment-report.routes';
import { receiptRoutes } from './modules/receipts/receipts.routes';
import { failedActionRoutes } from './modules/failed-actions/failed-actions.routes';
import { paymentMoveRoutes } from './modules/payments/payment-moves.routes';
import { promiseRoutes } from './modules/promises/promises.routes';
import { autopayRoutes } from './modules/autopay/autopay.routes';
import { achReturnRoutes } from './modules/bank-returns/ach-return-report.routes';
import type { PaymentProcessor } from './providers/payments/payment-processor';
import { sandboxEntryRoutes } from './providers/payments/sandbox/sandbox-entry.routes';
import { messageTemplateRoutes } from './modules/message-templates/message-templates.routes';
import { customerGroupRoutes } from './modules/customer-groups/customer-groups.routes';
import { massTextRoutes } from './modules/messaging/mass-text.routes';
import { messageBatchRoutes } from './modules/messaging/message-batches.routes';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { homeMessageRoutes } from './modules/home-messages/home-messages.routes';
import { homeSummaryRoutes } from './modules/home-summary/home-summary.routes';
import { accessPlugin } from './plugins/access';
import { errorsPlugin } from './plugins/errors';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { staticSpaPlugin } from './plugins/static-spa';
import { websocketPlugin } from './plugins/websocket';
import type { EmailProvider } from './providers/email/email-provider';
import type { SmsProvider } from './providers/sms/sms-provider';
import type { TranslateProvider } from './providers/translate/translate-provider';

export type BuildAppOptions = {
  config: Config;
  db: Db;
  email?: EmailProvider;
  sms?: SmsProvider;
  translate?: TranslateProvider;
  /** The payment processor; by default the one the configuration names. */
  payments?: PaymentProcessor;
  /** The clock services read; tests move it to check expiry. */
  now?: () => Date;
  /** The job queue routes hand work to (imports, sends); absent in tests that need none. */
  queue?: JobQueue;
  logger?: boolean;
  /** Where the log goes (stdout by default); tests capture it to check what it carries. */
  logStream?: DestinationStream;
};

/** The whole HTTP app without listen(): the server and the tests build it the same way. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Compiled once per schema; tests also check every response against zod (plugins/response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler({ checked: config.env === 'test' }));

  const ctx = createAppContext({
    config,
    db: options.db,
    log: app.log,
    email: options.email,
    sms: options.sms,
    translate: options.translate,
    payments: options.payments,
    now: options.now,
    queue: options.queue,
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { isProduction: config.isProduction });
  await app.register(accessPlugin, { ctx });
  // Before the routes: it reads each route's `config.rateLimit` as the route is added.
  await app.register(rateLimitPlugin, { ctx });
  await app.register(openApiPlugin);
  // Uploads (logos; later MMS media and CSV imports): one file per request, size enforced while streaming.
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, files: 1, fields: 20 } });
  // Live chat and inbox sockets (/ws/...), before the routes so upgrades reach theirs.
  await app.register(websocketPlugin, { ctx });

  await app.register(healthRoutes);
  await app.register(authRoutes, { ctx });
  await app.register(passwordResetRoutes, { ctx });
  await app.register(partnerRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(merchantRoutes, { ctx });
  await app.register(onboardingRoutes, { ctx });
  await app.register(locationRoutes, { ctx });
  await app.register(merchantAccountRoutes, { ctx });
  await app.register(ownerRoutes, { ctx });
  await app.register(merchantSettingsRoutes, { ctx });
  await app.register(accountTagRoutes, { ctx });
  await app.register(integrationRoutes, { ctx });
  await app.register(apiKeyRoutes, { ctx });
  await app.register(merchantUserRoutes, { ctx });
  await app.register(roleRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(customerImportRoutes, { ctx });
  await app.register(customerNoteRoutes, { ctx });
  await app.register(coBorrowerRoutes, { ctx });
  await app.register(paymentMethodRoutes, { ctx });
  await app.register(paymentRoutes, { ctx });
  await app.register(refundRoutes, { ctx });
  await app.register(processorWebhookRoutes, { ctx });
  if (ctx.config.payments.provider === 'sandbox') await app.register(sandboxReaderRoutes, { ctx });
  if (ctx.config.payments.provider === 'sandbox') await app.register(sandboxReturnRoutes, { ctx });
  await app.register(payLinkRoutes, { ctx });
  await app.register(payPageRoutes, { ctx });
  // The sandbox processor's own hosted card and bank entry page (a real processor serves its own).
  if (config.payments.provider === 'sandbox')
    await app.register(sandboxEntryRoutes, { db: ctx.db, now: ctx.now, rateLimits: config.rateLimits });
  await app.register(paymentReportRoutes, { ctx });
  await app.register(receiptRoutes, { ctx });
  await app.register(failedActionRoutes, { ctx });
  await app.register(paymentMoveRoutes, { ctx });
  await app.register(promiseRoutes, { ctx });
  await app.register(autopayRoutes, { ctx });
  await app.register(achReturnRoutes, { ctx });
  await app.register(customerRoutes, { ctx });
  await app.register(accountRoutes, { ctx });
  await app.register(customerLookupRoutes, { ctx });
  await app.register(customerHistoryRoutes, { ctx });
  await app.register(customerTimelineRoutes, { ctx });
  await app.register(duplicateRoutes, { ctx });
  await app.register(messageTemplateRoutes, { ctx });
  await app.register(customerGroupRoutes, { ctx });
  await app.register(massTextRoutes, { ctx });
  await app.register(messageBatchRoutes, { ctx });
  await app.register(inboxRoutes, { ctx });
  await app.register(chatRoutes, { ctx });
  await app.register(homeMessageRoutes, { ctx });
  await app.register(homeSummaryRoutes, { ctx });
  // Public and unauthenticated by design (a developer reads reset links there): laptop setups only (config.ts).
  if (config.devTools) {
    await app.register(outboxRoutes, { ctx });
    await app.register(inboundDevRoutes, { ctx });
  }
  await app.register(twilioWebhookRoutes, { ctx });

  await app.register(staticSpaPlugin, { distDir: config.webDistDir });
  return app;
}

/** A hop count trusts that many proxies nearest to us; addresses are passed on as Fastify takes them. */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}
