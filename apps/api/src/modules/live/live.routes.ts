import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authorizeChatSocket, authorizeInboxSocket, type SocketSession } from './live-access.service';
import type { LiveHub } from './live-hub.runtime';
import { LiveSessions } from './live-sessions';

const chatParams = z.object({ customerId: z.string() });
const inboxParams = z.object({ merchantId: z.string() });
// A missing token is the handshake's 401, not a 400.
const tokenQuery = z.object({ token: z.string().optional() });
const chatQuery = tokenQuery.extend({ after: z.uuid().optional() });

/**
 * docs/product.md §4 websocket: /ws/chat/{customerId}/?token=<access>&after=<message id>, and /ws/inbox/{merchantId}/
 * ?token=<access> (not in the spec: the inbox list updates live). The handshake is checked in preHandler,
 * after the parameters are parsed and before the upgrade: a bad token is refused with 401, a customer or
 * merchant the caller may not read with 404, and no socket opens. An open socket ends with its session
 * (live-sessions.ts): 4001 when its token expires, 4003 when the session or the membership ends, and one
 * over the per-user cap is closed at once with 4008.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; hub: LiveHub }> = async (
  app,
  { ctx, hub },
) => {
  // What each handshake saw, from preHandler to the socket handler; `checkedAt` before its first read.
  const handshakes = new WeakMap<FastifyRequest, { session: SocketSession; checkedAt: number }>();
  const remember = async (request: FastifyRequest, authorize: () => Promise<SocketSession>) => {
    const checkedAt = LiveSessions.checkpoint();
    handshakes.set(request, { session: await authorize(), checkedAt });
  };
  // Kept with its session first (the cap may refuse it), then subscribed.
  const keep = (socket: WebSocket, request: FastifyRequest): SocketSession | null => {
    const handshake = handshakes.get(request);
    if (!handshake) {
      socket.close(1011);
      return null;
    }
    return hub.sessions.add(socket, handshake.session, handshake.checkedAt) ? handshake.session : null;
  };

  app.get(
    '/ws/chat/:customerId/',
    {
      websocket: true,
      schema: { params: chatParams, querystring: chatQuery, hide: true },
      preHandler: (request) =>
        remember(request, () =>
          authorizeChatSocket(ctx, { token: request.query.token, customerId: request.params.customerId }),
        ),
    },
    (socket, request) => {
      const session = keep(socket, request);
      if (!session) return;
      hub.addChatSocket(socket, {
        merchantId: session.merchantId,
        customerId: request.params.customerId,
        afterMessageId: request.query.after ?? null,
      });
    },
  );

  app.get(
    '/ws/inbox/:merchantId/',
    {
      websocket: true,
      schema: { params: inboxParams, querystring: tokenQuery, hide: true },
      preHandler: (request) =>
        remember(request, () =>
          authorizeInboxSocket(ctx, { token: request.query.token, merchantId: request.params.merchantId }),
        ),
    },
    (socket, request) => {
      const session = keep(socket, request);
      if (session) hub.addInboxSocket(socket, { merchantId: session.merchantId });
    },
  );
};
