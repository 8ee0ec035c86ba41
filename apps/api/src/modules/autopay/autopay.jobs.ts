import type { AppContext } from '../../context';
import { defineMerchantCron, merchantRunSchema, type MerchantCron } from '../../jobs/merchant-cron';
import { defineJob } from '../../jobs/registry';
import { runMerchantAutopay } from './autopay-run.service';

export const AUTOPAY_JOB = 'autopay.run';
/**
 * 06:00 on the merchant's clock: the due date has begun for the customer, the overnight jobs have settled the
 * books, and a PAYMENT_FAILED text waits for the recipient's quiet hours to end like every text.
 */
export const AUTOPAY_LOCAL_TIME = '06:00';

/** One merchant's nightly run; its payload is the merchant cron's (merchant, zone, local date). */
export const createAutopayJobs = (ctx: AppContext) => [
  defineJob({
    name: AUTOPAY_JOB,
    schema: merchantRunSchema,
    // A large merchant's run may take minutes: expiry (a crashed worker's job offered again) after an hour; the
    // run's own claims make a second worker on the same job harmless.
    queue: { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 60 * 60 },
    handler: async (run) => {
      const result = await runMerchantAutopay(ctx, {
        merchantId: run.merchantId,
        timeZone: run.timeZone,
        localDate: run.localDate,
      });
      ctx.log.info({ merchantId: run.merchantId, localDate: run.localDate, ...result }, 'autopay run');
    },
  }),
];

/** Six hours of catch-up, so a process down at 06:00 still charges that day's autopay before noon. */
export function autopayCrons(ctx: AppContext): MerchantCron[] {
  const [job] = createAutopayJobs(ctx);
  if (!job) throw new Error('autopay job missing');
  return [defineMerchantCron({ job, localTime: AUTOPAY_LOCAL_TIME, catchUpMinutes: 6 * 60 })];
}
