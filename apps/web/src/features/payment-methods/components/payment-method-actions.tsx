import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { formatPaymentMethod } from '@paylane/shared/format';
import { messages } from '@paylane/shared/messages';
import { isShownOnForm } from '../../../lib/form-errors';
import { errorDetailText } from '../../../lib/notify';
import { useRemovePaymentMethod } from '../api/remove-payment-method';
import { RowAction, RowActions } from '../../../components/row-actions';

type Props = {
  merchantId: string;
  customerId: string;
  method: PaymentMethodOption;
  onRename: () => void;
};

/** Rename and Remove on one saved method; removing asks first (docs/product.md §8). */
export function PaymentMethodActions({ merchantId, customerId, method, onRename }: Props) {
  const remove = useRemovePaymentMethod(merchantId, customerId);
  const name = formatPaymentMethod(method);
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Remove Payment Method',
      children: <Text size="sm">{`Are you sure you would like to remove ${name}?`}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () =>
        remove.mutate(method.id, {
          // A refused removal says why (5xx and network failures get the generic toast from the cache).
          onError: (error) => {
            if (isShownOnForm(error))
              notifications.show({ color: 'red', message: errorDetailText(error) || messages.genericError });
          },
        }),
    });
  return (
    <RowActions>
      <RowAction onClick={onRename} aria-label={`Rename ${name}`}>
        Rename
      </RowAction>
      <RowAction danger onClick={confirmRemove} loading={remove.isPending} aria-label={`Remove ${name}`}>
        Remove
      </RowAction>
    </RowActions>
  );
}
