import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Strict CSP (design.md §8): tokens live in localStorage, so no inline or third-party script may run.
 * Styles allow 'unsafe-inline' because the UI kit sets CSS variables through style elements; styles
 * cannot execute code.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, { isProduction }: { isProduction: boolean }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over HTTPS, which production terminates in front of us.
    strictTransportSecurity: isProduction,
    crossOriginEmbedderPolicy: false,
  });
});
