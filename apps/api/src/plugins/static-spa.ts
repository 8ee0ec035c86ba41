import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendApiNotFound } from './errors';

/** Where the build puts its hashed files: a path here is a file or nothing, never a page of the SPA. */
const ASSETS_PREFIX = '/assets/';

/**
 * Serves the built SPA: hashed assets cached for a year, and index.html (never cached) for every other
 * GET that is not an API path, so the client router can show the page, or its own 'Page Not Found'.
 * A missing asset answers 404: after a deploy an open tab still asks for the old bundle's chunks, and
 * index.html in their place would be run as JavaScript (or cached for a year as the chunk).
 */
export const staticSpaPlugin = fp(async (app: FastifyInstance, { distDir }: { distDir: string }) => {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith(ASSETS_PREFIX);
    if (!isPageRequest) return sendApiNotFound(request, reply);
    if (!hasBuild) {
      return reply.status(404).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
