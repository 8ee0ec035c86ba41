import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { takePaymentSchema } from '@paylane/shared/contracts/payments';
import { centsToDollars } from '@paylane/shared/format';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import type { TakePaymentInput } from '../api/take-payment';
import { useTakePaymentSubmit } from '../hooks/use-take-payment-submit';
import { isCounterKind, isCreditCard, payWithOptions } from './pay-with';
import { PaymentConfirmation } from './payment-confirmation';

type Props = {
  merchantId: string;
  customerId: string;
  account: { id: string; amount_due_cents: number };
  methods: readonly PaymentMethodOption[];
  canWaiveFee: boolean;
  onClose: () => void;
};

// Checked with the shared schema but sent as typed (dollars): the server converts and checks again.
const checkPayment = zodResolver(takePaymentSchema, undefined, { raw: true });

/** docs/product.md §2 customer page 'Take Payment' on one account: amount, how it is paid, the fee line. */
export function TakePaymentForm({ merchantId, customerId, account, methods, canWaiveFee, onClose }: Props) {
  const form = useForm<TakePaymentInput>({
    resolver: checkPayment,
    defaultValues: {
      amount: account.amount_due_cents > 0 ? centsToDollars(account.amount_due_cents) : '',
      note: '',
      waive_fee: false,
    },
  });
  const { submit, formMessages, taken, isPending } = useTakePaymentSubmit({
    merchantId,
    customerId,
    accountId: account.id,
    form,
  });
  const [paymentMethod, methodKind] = useWatch({
    control: form.control,
    name: ['payment_method', 'method_kind'],
  });
  const chosen = methods.find((method) => method.id === paymentMethod);
  const isCredit = isCreditCard(chosen);
  const { errors } = form.formState;

  if (taken) return <PaymentConfirmation transaction={taken} onDone={onClose} />;

  const choose = (value: string) => {
    const isCounter = isCounterKind(value);
    form.setValue('method_kind', isCounter ? value : undefined);
    form.setValue('payment_method', isCounter || !value ? undefined : value, { shouldValidate: true });
    if (!isCounter) form.setValue('note', '');
    form.setValue('waive_fee', false);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Take Payment">
      <Stack>
        <FormAlert messages={formMessages} />
        <TextInput
          label="Amount"
          withAsterisk
          leftSection="$"
          inputMode="decimal"
          data-autofocus
          {...form.register('amount')}
          error={errors.amount?.message}
        />
        <NativeSelect
          label="Pay With"
          withAsterisk
          data={[{ value: '', label: 'Choose how the customer pays' }, ...payWithOptions(methods)]}
          value={paymentMethod ?? methodKind ?? ''}
          onChange={(event) => choose(event.currentTarget.value)}
          error={errors.payment_method?.message}
        />
        {methodKind ? (
          <TextInput
            label={methodKind === 'check' ? 'Check Number' : 'Note'}
            maxLength={200}
            {...form.register('note')}
            error={errors.note?.message}
          />
        ) : null}
        {isCredit ? <FeeLine canWaiveFee={canWaiveFee} waive={form.register('waive_fee')} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={isPending}>
            Take Payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The convenience fee's own line (docs/reference/payments.md §3). The fee comes from the merchant's processing
 * account, which only admins may read, so the form says a fee applies and the confirmation shows its amount.
 */
function FeeLine(props: { canWaiveFee: boolean; waive: UseFormRegisterReturn<'waive_fee'> }) {
  return (
    <Stack gap={6} p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Convenience Fee
        </Text>
        <Text size="sm">Added to a credit card payment</Text>
      </Group>
      <Text size="xs" c="dimmed">
        The fee is its own line; the confirmation shows its amount. Debit cards, bank accounts and cash carry
        none.
      </Text>
      {props.canWaiveFee ? <Switch label="Waive fee" {...props.waive} /> : null}
    </Stack>
  );
}
