import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { AUTOPAY_MAX_DUE_DAY } from '@paylane/shared/contracts/autopay';
import { formatCurrency, formatPaymentMethod } from '@paylane/shared/format';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { usePaymentMethods } from '../../payment-methods/api/list-payment-methods';
import { useEnrolAutopay } from '../api/enrol-autopay';
import { useAutopay, type AccountRef } from '../api/get-autopay';
import { autopayErrorMessages } from './autopay-errors';

type Props = {
  merchantId: string;
  account: AccountRef & { amountDueCents: number; dueDate: string | null };
  accountTitle: string;
  onClose: () => void;
};

const dueDays = Array.from({ length: AUTOPAY_MAX_DUE_DAY }, (_, index) => String(index + 1));

/** The account's due date's day, at most the 28th; the 1st when the account has no due date. */
export const defaultDueDay = (dueDate: string | null) =>
  dueDate ? String(Math.min(Number(dueDate.slice(8, 10)) || 1, AUTOPAY_MAX_DUE_DAY)) : '1';

/**
 * 'Set Up Autopay' (issue 18 item 1): a saved method and a due day (1–28); the server's authorization text for
 * them is shown as it will be recorded, and Enable waits for staff to confirm they read it to the customer.
 */
export function AutopaySetupModal({ merchantId, account, accountTitle, onClose }: Props) {
  const methods = usePaymentMethods(merchantId, account.customerId);
  const [methodId, setMethodId] = useState('');
  const [dueDay, setDueDay] = useState(() => defaultDueDay(account.dueDate));
  const [isAgreed, setAgreed] = useState(false);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const choice = methodId ? { paymentMethod: methodId, dueDay: Number(dueDay) } : null;
  const preview = useAutopay(merchantId, account, choice);
  const text = choice ? (preview.data?.authorization_text ?? null) : null;
  const enrol = useEnrolAutopay(merchantId, account);
  const options = methods.data?.results ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!choice || !isAgreed || enrol.isPending) return;
    setFormMessages([]);
    enrol.mutate(
      { payment_method: choice.paymentMethod, due_day: choice.dueDay, authorization_accepted: true },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: 'Autopay enabled',
            autoClose: 3000,
            closeButtonProps: { 'aria-label': 'Close' },
          });
          onClose();
        },
        onError: (error) => setFormMessages(autopayErrorMessages(error, 'Autopay could not be set up.')),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Set Up Autopay" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Set Up Autopay">
        <Stack>
          <Text size="sm" c="dimmed">
            {`${accountTitle} · Amount Due ${formatCurrency(account.amountDueCents)}`}
          </Text>
          <FormAlert messages={formMessages} />
          <NativeSelect
            label="Payment Method"
            withAsterisk
            description={
              methods.isError
                ? 'The saved payment methods could not be loaded.'
                : 'A saved method of the customer'
            }
            data={[
              { value: '', label: options.length ? 'Choose a saved method' : 'No saved methods' },
              ...options.map((option) => ({ value: option.id, label: formatPaymentMethod(option) })),
            ]}
            value={methodId}
            onChange={(event) => {
              setMethodId(event.currentTarget.value);
              setAgreed(false);
            }}
          />
          <NativeSelect
            label="Due Day"
            withAsterisk
            description="Day of the month, at most the 28th"
            data={dueDays}
            value={dueDay}
            onChange={(event) => {
              setDueDay(event.currentTarget.value);
              setAgreed(false);
            }}
          />
          {choice ? (
            <Paper withBorder p="sm" component="section" aria-label="Authorization">
              <Text size="xs" fw={700} mb={4}>
                Authorization
              </Text>
              {preview.isPending ? (
                <Loader size="sm" aria-label="Loading the authorization" />
              ) : text ? (
                <Text size="sm">{text}</Text>
              ) : (
                <Alert color="red" variant="light">
                  Invalid payment method specified for autopay
                </Alert>
              )}
            </Paper>
          ) : null}
          <Checkbox
            label="I have read the authorization to the customer and they agree"
            checked={isAgreed}
            disabled={!text}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={enrol.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={enrol.isPending} disabled={!text || !isAgreed}>
              Enable
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
