import type { PaymentPromise, PromiseOutcome } from '@paylane/shared/contracts/promises';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { outcomeLabels, statusLabelOf } from '../promise-display';

/** docs/product.md §4: PROMISE_CONFIRMED or SCHEDULED → Confirmed (success); PROMISED → Unconfirmed (warning). */
export function PromiseStatusBadge({ promise }: { promise: Pick<PaymentPromise, 'status'> }) {
  const label = statusLabelOf(promise);
  return <StatusBadge status={label} label={label} tone={label === 'Confirmed' ? 'success' : 'warning'} />;
}

// Kept is money in; open is still to come; partially kept, broken and cancelled are what did not (fully) happen.
const outcomeTones: Record<PromiseOutcome, StatusTone> = {
  open: 'warning',
  kept: 'success',
  partially_kept: 'muted',
  broken: 'muted',
  cancelled: 'muted',
};

export function PromiseOutcomeBadge({ outcome }: { outcome: PromiseOutcome }) {
  return <StatusBadge status={outcome} label={outcomeLabels[outcome]} tone={outcomeTones[outcome]} />;
}
