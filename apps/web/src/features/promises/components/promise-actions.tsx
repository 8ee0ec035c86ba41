import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PaymentPromise } from '@paylane/shared/contracts/promises';
import { translateMessage } from '@paylane/shared/messages';
import { isApiError } from '../../../lib/api-error';
import { errorDetailText } from '../../../lib/notify';
import { useCancelScheduledPayment } from '../api/cancel-scheduled-payment';
import { useConfirmPromise } from '../api/confirm-promise';
import { promiseKindText, promisedAt } from '../promise-display';
import { showPromiseToast } from './promise-toast';

type Props = {
  merchantId: string;
  promise: PaymentPromise;
  timeZone: string | null | undefined;
  /** Where the promise is, naming the buttons for screen readers: 'on Account A-1' → 'Confirm the promise on Account A-1'. */
  where: string;
};

/** A refusal (4xx) in the server's words, as a toast: the row or card it concerns stays as it was. */
function showRefusal(error: unknown) {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return;
  const fields = Object.values(error.fieldErrors ?? {}).flat();
  const text = errorDetailText(error) || fields.map((message) => translateMessage(message)).join(' ');
  showPromiseToast(text || 'The promise could not be changed.', 'red');
}

/** Confirm (an Unconfirmed promise) and Cancel (any open one, after a confirmation dialog). */
export function PromiseActions({ merchantId, promise, timeZone, where }: Props) {
  const confirm = useConfirmPromise(merchantId);
  const cancel = useCancelScheduledPayment(merchantId);
  if (promise.outcome !== 'open') return null;
  const isScheduled = promise.status === 'SCHEDULED';
  const cancelLabel = isScheduled ? 'Cancel Scheduled Payment' : 'Cancel Promise';
  const thing = isScheduled ? 'scheduled payment' : 'promise';

  const askToCancel = () =>
    modals.openConfirmModal({
      title: cancelLabel,
      children: (
        <Text size="sm">
          {`Cancel the ${promiseKindText(promise).toLowerCase()} for ${promisedAt(promise, timeZone)}?` +
            (isScheduled ? ' Nothing will be charged.' : '')}
        </Text>
      ),
      labels: { confirm: cancelLabel, cancel: 'Keep It' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(promise, {
          onSuccess: () =>
            showPromiseToast(isScheduled ? 'Scheduled payment cancelled.' : 'Promise cancelled.'),
          onError: showRefusal,
        }),
    });

  return (
    <Group gap="xs" wrap="nowrap">
      {promise.status === 'PROMISED' ? (
        <Button
          size="xs"
          variant="light"
          loading={confirm.isPending}
          aria-label={`Confirm the promise ${where}`}
          onClick={() =>
            confirm.mutate(promise, {
              onSuccess: () => showPromiseToast('Promise confirmed.'),
              onError: showRefusal,
            })
          }
        >
          Confirm
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="default"
        loading={cancel.isPending}
        aria-label={`Cancel the ${thing} ${where}`}
        onClick={askToCancel}
      >
        Cancel
      </Button>
    </Group>
  );
}
