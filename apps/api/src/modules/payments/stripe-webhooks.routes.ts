import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notAuthenticated } from '../../kit/errors';
import { verifyStripeEvent } from '../../providers/payments/stripe/stripe-webhooks';
import { receiveProcessorEvent } from './processor-events.service';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe/';

/**
 * Stripe's webhook endpoint: public (Stripe holds no session), but a delivery is acted on only when its
 * Stripe-Signature checks out over the raw body — otherwise 400 and nothing stored, and Stripe retries. The
 * raw-body parser is registered in this plugin only; the rest of the API keeps parsing JSON as JSON.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(STRIPE_WEBHOOK_PATH, { config: { access: { public: true } } }, async (request, reply) => {
    const secret = ctx.config.payments.stripe.webhookSecret;
    // Without an endpoint secret no delivery can be trusted.
    if (!secret) throw notAuthenticated('Webhook signing secret is not configured.');
    const signature = request.headers['stripe-signature'];
    const event = verifyStripeEvent({
      rawBody: typeof request.body === 'string' ? request.body : '',
      signature: typeof signature === 'string' ? signature : undefined,
      secret,
      now: ctx.now(),
    });
    if (!event) return reply.status(400).send({ detail: 'Invalid signature.' });
    const outcome = await receiveProcessorEvent(ctx, 'stripe', event);
    return reply.status(200).send({ received: true, duplicate: outcome === 'duplicate' });
  });
};
