import type { AppContext } from '../../context';
import { defineMerchantCron, merchantRunSchema, type MerchantCron } from '../../jobs/merchant-cron';
import { defineJob } from '../../jobs/registry';
import { runAutomations } from './automations.service';

export const AUTOMATIONS_JOB = 'automations.run';
/**
 * 10:00 in the merchant's zone: well inside the 8 am–9 pm window, so the texts leave at once (the dispatcher
 * still applies each recipient's quiet hours), after the overnight jobs have settled the books.
 */
export const AUTOMATIONS_LOCAL_TIME = '10:00';

/** The job one merchant's daily run is; its payload is the merchant cron's (merchant, zone, local date). */
export const createAutomationJobs = (ctx: AppContext) => [
  defineJob({
    name: AUTOMATIONS_JOB,
    schema: merchantRunSchema,
    handler: async (run) => {
      const result = await runAutomations(ctx, { merchantId: run.merchantId, localDate: run.localDate });
      ctx.log.info({ merchantId: run.merchantId, localDate: run.localDate, ...result }, 'automations run');
    },
  }),
];

/**
 * The merchant cron: each merchant's run once a local day. Six hours of catch-up (the most the cron allows)
 * so a process down in the morning still sends that day's reminders, before 16:00 local.
 */
export function automationCrons(ctx: AppContext): MerchantCron[] {
  const [job] = createAutomationJobs(ctx);
  if (!job) throw new Error('automation job missing');
  return [defineMerchantCron({ job, localTime: AUTOMATIONS_LOCAL_TIME, catchUpMinutes: 6 * 60 })];
}
