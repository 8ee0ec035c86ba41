import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/registry';
import { reconcileOpenPayments } from './reconcile-payments.service';

export const RECONCILE_PAYMENTS_JOB = 'payments.reconcile';

/** The payments module's jobs: the sweep that settles open payments with the processor's word. */
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
  ];
}

/** Every minute: a lost answer or a settled bank debit shows within a minute or two. */
export const paymentSchedules = [{ name: RECONCILE_PAYMENTS_JOB, cron: '* * * * *' }];
