import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context';
import { LiveHub } from '../modules/live/live-hub.runtime';
import { liveRoutes } from '../modules/live/live.routes';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live sockets; server.ts feeds it the database's notifications (live-listener.ts). */
    liveHub: LiveHub;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

// Browsers and proxies drop idle connections silently; a socket that misses a ping's pong is closed, so the
// hub does not keep pushing to it. The client reconnects and catches up.
const HEARTBEAT_MS = 30_000;
// Clients only listen: anything they send is small, and a large frame is refused.
const MAX_CLIENT_MESSAGE_BYTES = 4096;
// Sockets whose access token expired are closed within this (by the app's clock, which tests move).
const EXPIRY_SWEEP_MS = 1_000;

/**
 * Websockets (/ws/...): @fastify/websocket, registered before the routes so an upgrade request reaches its
 * route, and the live routes. Paths are outside /api/, so the access plugin is not involved: each route
 * authenticates its handshake itself (modules/live/live-access.service.ts).
 */
export const websocketPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  const hub = new LiveHub(ctx);
  app.decorate('liveHub', hub);

  const isAlive = new WeakMap<WebSocket, boolean>();
  const heartbeat = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (isAlive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      isAlive.set(socket, false);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const expirySweep = setInterval(() => hub.sessions.closeExpired(), EXPIRY_SWEEP_MS);
  expirySweep.unref();
  app.websocketServer.on('connection', (socket: WebSocket) => {
    isAlive.set(socket, true);
    socket.on('pong', () => isAlive.set(socket, true));
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(expirySweep);
    await Promise.all([hub.idle(), hub.sessions.idle()]);
  });

  await app.register(liveRoutes, { ctx, hub });
});
