import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Strict CSP (docs/conventions.md §8): tokens live in localStorage, so no inline or third-party script may run.
 * Styles allow 'unsafe-inline' because the UI kit sets CSS variables through style elements; styles
 * cannot execute code.
 */
export function securityHeaderOptions(isProduction: boolean): HelmetOptions {
  return {
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
  };
}

/**
 * helmet's headers, computed once. Its middleware re-parses the CSP on every response (about a tenth of a
 * bare route's CPU), yet our headers never vary by request, so we record what it sets and reuse that.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { isProduction }: { isProduction: boolean }) => {
    const headers = computeSecurityHeaders(securityHeaderOptions(isProduction));
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
);
