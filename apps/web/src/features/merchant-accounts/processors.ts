import type { Processor } from '@paylane/shared/contracts/merchant-accounts';

export const processorLabels: Record<Processor, string> = { sandbox: 'Sandbox', stripe: 'Stripe' };
