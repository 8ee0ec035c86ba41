import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProcessor } from './payment-processor';
import { createSandboxProcessor } from './sandbox/sandbox-processor';
import { createStripeProcessor } from './stripe/stripe-processor';

/** The payment processor the configuration names (docs/conventions.md §6); `sandbox` needs no account. */
export function createPaymentProcessor(config: Config, db: Db, now: () => Date): PaymentProcessor {
  switch (config.payments.provider) {
    case 'sandbox':
      return createSandboxProcessor({ db, now, ...config.payments.sandbox });
    case 'stripe': {
      const { secretKey, apiUrl } = config.payments.stripe;
      // config.ts refuses PAYMENT_PROVIDER=stripe without it; a hand-built config may still lack it.
      if (!secretKey) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
      return createStripeProcessor({ secretKey, apiUrl });
    }
  }
}
