import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { CardFeeAnswer } from '@paylane/shared/card-fees';
import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { takePaymentSchema } from '@paylane/shared/contracts/payments';
import { centsToDollars } from '@paylane/shared/format';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import type { TakePaymentInput } from '../api/take-payment';
import { useTakePaymentSubmit } from '../hooks/use-take-payment-submit';
import { CardReaderPanel } from './card-reader-panel';
import { FeePreview, feeQuestionOf } from './fee-preview';
import { isCounterKind, isInPersonKind, payWithOptions } from './pay-with';
import { PaymentConfirmation } from './payment-confirmation';

type Props = {
  merchantId: string;
  customerId: string;
  account: { id: string; amount_due_cents: number };
  methods: readonly PaymentMethodOption[];
  /** The card fee a payment on this account carries (from its payments list); undefined until it is read. */
  cardFee: CardFeeAnswer | null | undefined;
  canWaiveFee: boolean;
  onClose: () => void;
};

// Checked with the shared schema but sent as typed (dollars): the server converts and checks again.
const checkPayment = zodResolver(takePaymentSchema, undefined, { raw: true });

/**
 * docs/product.md §2 customer page 'Take Payment' on one account: amount, how it is paid (a saved method, the
 * counter or the card reader), the fee line and total before charging.
 */
export function TakePaymentForm(props: Props) {
  const { merchantId, customerId, account, methods, canWaiveFee, onClose } = props;
  const form = useForm<TakePaymentInput>({
    resolver: checkPayment,
    defaultValues: {
      amount: account.amount_due_cents > 0 ? centsToDollars(account.amount_due_cents) : '',
      note: '',
      waive_fee: false,
    },
  });
  const { submit, formMessages, taken, onReader, leaveReader, isPending } = useTakePaymentSubmit({
    merchantId,
    customerId,
    accountId: account.id,
    form,
  });
  const [paymentMethod, methodKind, amount, isWaived] = useWatch({
    control: form.control,
    name: ['payment_method', 'method_kind', 'amount', 'waive_fee'],
  });
  const chosen = methods.find((method) => method.id === paymentMethod);
  const feeQuestion = feeQuestionOf(chosen, props.cardFee, amount);
  const { errors } = form.formState;

  if (taken) return <PaymentConfirmation transaction={taken} onDone={onClose} />;
  if (onReader) {
    return (
      <CardReaderPanel
        merchantId={merchantId}
        customerId={customerId}
        attempt={onReader.attempt}
        first={onReader.first}
        onDone={onClose}
        onTryAgain={leaveReader}
      />
    );
  }

  const choose = (value: string) => {
    const isInPerson = isInPersonKind(value);
    form.setValue('method_kind', isInPerson ? value : undefined);
    form.setValue('payment_method', isInPerson || !value ? undefined : value, { shouldValidate: true });
    if (!isCounterKind(value)) form.setValue('note', '');
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
        {methodKind && isCounterKind(methodKind) ? (
          <TextInput
            label={methodKind === 'check' ? 'Check Number' : 'Note'}
            maxLength={200}
            {...form.register('note')}
            error={errors.note?.message}
          />
        ) : null}
        {feeQuestion ? (
          <FeePreview
            question={feeQuestion}
            isWaived={canWaiveFee && isWaived === true}
            canWaiveFee={canWaiveFee}
            waive={form.register('waive_fee')}
          />
        ) : null}
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
