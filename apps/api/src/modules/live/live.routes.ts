import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authorizeChatSocket, authorizeInboxSocket } from './live-access.service';
import type { LiveHub } from './live-hub';

const chatParams = z.object({ customerId: z.string() });
const inboxParams = z.object({ merchantId: z.string() });
// A missing token is the handshake's 401, not a 400.
const tokenQuery = z.object({ token: z.string().optional() });
const chatQuery = tokenQuery.extend({ after: z.uuid().optional() });

/**
 * Spec §4 websocket: /ws/chat/{customerId}/?token=<access>&after=<message id>, and /ws/inbox/{merchantId}/
 * ?token=<access> (not in the spec: the inbox list updates live). The handshake is checked in preHandler,
 * after the parameters are parsed and before the upgrade: a bad token is refused with 401, a customer or
 * merchant the caller may not read with 404, and no socket opens.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; hub: LiveHub }> = async (
  app,
  { ctx, hub },
) => {
  const chatMerchants = new WeakMap<FastifyRequest, string>();

  app.get(
    '/ws/chat/:customerId/',
    {
      websocket: true,
      schema: { params: chatParams, querystring: chatQuery, hide: true },
      preHandler: async (request) => {
        const { merchantId } = await authorizeChatSocket(ctx, {
          token: request.query.token,
          customerId: request.params.customerId,
        });
        chatMerchants.set(request, merchantId);
      },
    },
    (socket, request) => {
      const merchantId = chatMerchants.get(request);
      if (!merchantId) return socket.close(1011);
      hub.addChatSocket(socket, {
        merchantId,
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
        authorizeInboxSocket(ctx, { token: request.query.token, merchantId: request.params.merchantId }),
    },
    (socket, request) => hub.addInboxSocket(socket, { merchantId: request.params.merchantId }),
  );
};
