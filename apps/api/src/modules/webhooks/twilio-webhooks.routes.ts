import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { TWILIO_INBOUND_PATH, TWILIO_STATUS_PATH } from '../../providers/sms/twilio-sms-provider';
import { receiveTwilioInbound, receiveTwilioStatus, verifyTwilioWebhook } from './twilio-webhooks.service';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our message id, which the adapter adds to each StatusCallback URL (covered by the signature). */
function messageIdOf(url: string): string | null {
  const id = new URL(url, 'http://callback').searchParams.get('message_id');
  return id && uuidPattern.test(id) ? id : null;
}

// Twilio expects TwiML in answer to an inbound message; an empty response sends nothing back.
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * Twilio's webhooks: public (Twilio holds no session) but every request must carry a valid X-Twilio-Signature
 * (403 otherwise, storing nothing). Twilio posts forms; the parser is registered in this plugin only, so the
 * rest of the API keeps refusing form bodies.
 */
export const twilioWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  const verify = (request: { url: string; body: unknown; headers: Record<string, unknown> }) => {
    const signature = request.headers['x-twilio-signature'];
    return verifyTwilioWebhook(ctx, {
      url: request.url,
      body: request.body,
      signature: typeof signature === 'string' ? signature : undefined,
    });
  };

  app.post(TWILIO_STATUS_PATH, { config: { access: { public: true } } }, async (request, reply) => {
    await receiveTwilioStatus(ctx, verify(request), messageIdOf(request.url));
    return reply.status(200).send();
  });

  app.post(TWILIO_INBOUND_PATH, { config: { access: { public: true } } }, async (request, reply) => {
    await receiveTwilioInbound(ctx, verify(request));
    return reply.status(200).type('text/xml').send(EMPTY_TWIML);
  });
};
