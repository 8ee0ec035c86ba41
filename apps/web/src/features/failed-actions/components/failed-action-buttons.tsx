import type { FailedAction } from '@paylane/shared/contracts/failed-actions';
import { messages } from '@paylane/shared/messages';
import { useActOnFailedAction } from '../api/act-on-failed-actions';
import { actionName } from './failed-action-display';
import { showActionRefusal, showActionToast } from './failed-action-toast';
import { RowAction, RowActions } from '../../../components/row-actions';

/** A retry's answer: resolved by it, declined again (its new reason), or still waiting for the processor. */
export function showRetryOutcome(answer: FailedAction, before: FailedAction) {
  if (answer.state === 'retried') showActionToast(messages.actionRetried);
  else if (answer.state === 'resolved') showActionToast(messages.actionResolved);
  else if (answer.retry_count > before.retry_count) showActionToast(answer.reason_message, 'red');
  else showActionToast(messages.actionRetryPending, 'red');
}

/**
 * Retry and Resolve on an open action. The toasts follow the promise, not mutate's callbacks: the answer
 * refreshes the list, which can unmount this row first, and React Query skips a gone observer's callbacks.
 */
export function FailedActionButtons({ merchantId, action }: { merchantId: string; action: FailedAction }) {
  const act = useActOnFailedAction(merchantId);
  if (action.state !== 'open') return null;
  const busy = act.isPending ? act.variables?.verb : null;
  return (
    <RowActions>
      {action.is_retryable ? (
        <RowAction
          loading={busy === 'retry'}
          disabled={busy === 'resolve'}
          aria-label={`Retry ${actionName(action)}`}
          onClick={() =>
            act
              .mutateAsync({ verb: 'retry', actionId: action.id })
              .then((answer) => showRetryOutcome(answer, action), showActionRefusal)
          }
        >
          Retry
        </RowAction>
      ) : null}
      {action.is_resolvable ? (
        <RowAction
          loading={busy === 'resolve'}
          disabled={busy === 'retry'}
          aria-label={`Resolve ${actionName(action)}`}
          onClick={() =>
            act
              .mutateAsync({ verb: 'resolve', actionId: action.id })
              .then(() => showActionToast(messages.actionResolved), showActionRefusal)
          }
        >
          Resolve
        </RowAction>
      ) : null}
    </RowActions>
  );
}
