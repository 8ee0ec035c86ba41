import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/registry';
import {
  collectSandboxEvents,
  deliverSandboxEvents,
} from '../../providers/payments/sandbox/sandbox-webhooks';
import { SANDBOX_WEBHOOK_PATH } from './processor-webhooks.routes';
import { reconcileOpenPayments } from './reconcile-payments.service';

export const RECONCILE_PAYMENTS_JOB = 'payments.reconcile';
export const SANDBOX_WEBHOOKS_JOB = 'payments.sandbox-webhooks';

/**
 * The payments module's jobs: the sweep that settles open payments with the processor's word, and — while the
 * offline sandbox is the processor — the sandbox's own webhook deliveries, as a processor would send them.
 */
export function createPaymentJobs(ctx: AppContext) {
  return [
    defineJob({
      name: RECONCILE_PAYMENTS_JOB,
      schema: z.object({}),
      handler: async () => {
        const { checked, moved } = await reconcileOpenPayments(ctx);
        if (moved > 0) ctx.log.info({ checked, moved }, 'payments reconciled');
      },
    }),
    defineJob({
      name: SANDBOX_WEBHOOKS_JOB,
      schema: z.object({}),
      handler: () => deliverSandboxWebhooks(ctx),
    }),
  ];
}

/** The sandbox announces what its charges did and delivers what is due to our endpoint (PUBLIC_URL). */
export async function deliverSandboxWebhooks(ctx: AppContext, url?: string) {
  const { provider, sandbox } = ctx.config.payments;
  if (provider !== 'sandbox' || !sandbox.webhooks) return;
  await collectSandboxEvents(ctx.db, ctx.now());
  const { delivered, failed } = await deliverSandboxEvents({
    db: ctx.db,
    now: ctx.now(),
    url: url ?? `${ctx.config.publicUrl}${SANDBOX_WEBHOOK_PATH}`,
    secret: sandbox.webhookSecret,
    disorder: sandbox.webhookDisorder,
  });
  if (delivered + failed > 0) ctx.log.info({ delivered, failed }, 'sandbox webhooks delivered');
}

/** Every minute: a lost answer or a settled bank debit shows within a minute or two. */
export const paymentSchedules = [
  { name: RECONCILE_PAYMENTS_JOB, cron: '* * * * *' },
  { name: SANDBOX_WEBHOOKS_JOB, cron: '* * * * *' },
];
