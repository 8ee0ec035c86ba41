import type { AppContext } from '../../context';
import type { QueueSettings } from '../../jobs/queue';
import { defineJob } from '../../jobs/registry';
import {
  PASSWORD_RESET_EMAIL_JOB,
  passwordResetEmailJobSchema,
  sendPasswordResetEmail,
} from './password-reset.service';

// A link is useful for minutes, not hours: a few quick retries ride out a provider's hiccup; after that the
// person asks again. A send takes seconds, so a dead worker's job comes back after two minutes.
const resetEmailQueue: QueueSettings = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

export const createPasswordResetJobs = (ctx: AppContext) => [
  defineJob({
    name: PASSWORD_RESET_EMAIL_JOB,
    schema: passwordResetEmailJobSchema,
    queue: resetEmailQueue,
    handler: (payload) => sendPasswordResetEmail(ctx, payload.email),
  }),
];
