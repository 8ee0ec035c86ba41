import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notAuthenticated } from '../../kit/errors';
import type { ProcessorEvent } from '../../providers/payments/payment-processor';
import {
  SANDBOX_SIGNATURE_HEADER,
  verifySandboxEvent,
} from '../../providers/payments/sandbox/sandbox-webhooks';
import { verifyStripeEvent } from '../../providers/payments/stripe/stripe-webhooks';
import { receiveProcessorEvent } from './processor-events.service';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe/';
export const SANDBOX_WEBHOOK_PATH = '/api/webhooks/sandbox/';

type Verify = (input: {
  rawBody: string;
  signature: string | undefined;
  secret: string;
  now: Date;
}) => ProcessorEvent | null;

/**
 * The processors' webhook endpoints: public (a processor holds no session), but a delivery is acted on only when
 * its signature checks out over the raw body — otherwise 400 and nothing stored, and the processor retries. The
 * raw-body parser is registered in this plugin only; the rest of the API keeps parsing JSON as JSON.
 */
export const processorWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  const endpoint = (
    path: string,
    processor: 'sandbox' | 'stripe',
    header: string,
    secretOf: () => string | undefined,
    verify: Verify,
  ) =>
    app.post(path, { config: { access: { public: true } } }, async (request, reply) => {
      const secret = secretOf();
      // Without an endpoint secret no delivery can be trusted.
      if (!secret) throw notAuthenticated('Webhook signing secret is not configured.');
      const signature = request.headers[header];
      const event = verify({
        rawBody: typeof request.body === 'string' ? request.body : '',
        signature: typeof signature === 'string' ? signature : undefined,
        secret,
        now: ctx.now(),
      });
      if (!event) return reply.status(400).send({ detail: 'Invalid signature.' });
      const outcome = await receiveProcessorEvent(ctx, processor, event);
      return reply.status(200).send({ received: true, duplicate: outcome === 'duplicate' });
    });

  const { stripe, sandbox } = ctx.config.payments;
  endpoint(STRIPE_WEBHOOK_PATH, 'stripe', 'stripe-signature', () => stripe.webhookSecret, verifyStripeEvent);
  // The sandbox's endpoint exists only while the sandbox is the processor, so its fixed offline secret can
  // never be used to post events about real payments.
  if (ctx.config.payments.provider === 'sandbox')
    endpoint(
      SANDBOX_WEBHOOK_PATH,
      'sandbox',
      SANDBOX_SIGNATURE_HEADER,
      () => sandbox.webhookSecret,
      verifySandboxEvent,
    );
};
