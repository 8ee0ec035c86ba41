import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createAppContext } from './context';
import type { Db } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { merchantRoutes } from './modules/merchants/merchants.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { partnerRoutes } from './modules/partners/partners.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { accessPlugin } from './plugins/access';
import { errorsPlugin } from './plugins/errors';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticSpaPlugin } from './plugins/static-spa';
import type { EmailProvider } from './providers/email/email-provider';

export type BuildAppOptions = {
  config: Config;
  db: Db;
  email?: EmailProvider;
  /** The clock services read; tests move it to check expiry. */
  now?: () => Date;
  logger?: boolean;
};

/** The whole HTTP app without listen(): the server and the tests build it the same way. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx = createAppContext({
    config,
    db: options.db,
    log: app.log,
    email: options.email,
    now: options.now,
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { isProduction: config.isProduction });
  await app.register(accessPlugin, { ctx });
  await app.register(openApiPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes, { ctx });
  await app.register(passwordResetRoutes, { ctx });
  await app.register(partnerRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(merchantRoutes, { ctx });
  if (!config.isProduction) await app.register(outboxRoutes, { ctx });

  await app.register(staticSpaPlugin, { distDir: config.webDistDir });
  return app;
}
