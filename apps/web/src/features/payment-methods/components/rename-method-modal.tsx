import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import {
  paymentMethodUpdateSchema,
  type PaymentMethodOption,
} from '@paylane/shared/contracts/payment-methods';
import { formatPaymentMethod } from '@paylane/shared/format';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRenamePaymentMethod } from '../api/update-payment-method';

type Props = { merchantId: string; customerId: string; method: PaymentMethodOption; onClose: () => void };

/** Renames a saved method (docs/product.md §3: the nickname, at most 50 characters; empty shows the card type). */
export function RenameMethodModal({ merchantId, customerId, method, onClose }: Props) {
  const rename = useRenamePaymentMethod(merchantId, customerId);
  const [nickname, setNickname] = useState(method.nickname);
  const [error, setError] = useState<string | undefined>();
  const [formMessages, setFormMessages] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = paymentMethodUpdateSchema.safeParse({ nickname });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setFormMessages([]);
    rename.mutate(
      { methodId: method.id, nickname: checked.data.nickname },
      {
        onSuccess: onClose,
        onError: (failure) =>
          setFormMessages(
            applyServerErrors<{ nickname: string }>(failure, (_field, { message }) => setError(message), [
              'nickname',
            ]),
          ),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Rename ${formatPaymentMethod(method)}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert messages={formMessages} />
          <TextInput
            label="Nickname"
            data-autofocus
            value={nickname}
            onChange={(event) => {
              setNickname(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
