import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProcessor } from './payment-processor';
import { createSandboxProcessor } from './sandbox/sandbox-processor';

/** The payment processor the configuration names (docs/conventions.md §6); `sandbox` needs no account. */
export function createPaymentProcessor(config: Config, db: Db, now: () => Date): PaymentProcessor {
  switch (config.payments.provider) {
    case 'sandbox':
      return createSandboxProcessor({ db, now, ...config.payments.sandbox });
  }
}
