import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { miscPaymentSchema } from '@paylane/shared/contracts/payments';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { CustomerPicker } from '../../../components/record-picker/customer-picker';
import type { PickerOption } from '../../../components/record-picker/picker-select';
import type { MiscPaymentInput } from '../api/take-misc-payment';
import { useMiscPaymentSubmit } from '../hooks/use-misc-payment-submit';
import { MiscPaymentConfirmation } from './misc-payment-confirmation';

// Checked with the shared schema but sent as typed (dollars): the server converts and checks again.
const checkPayment = zodResolver(miscPaymentSchema, undefined, { raw: true });

const methods = [
  { value: 'cash', label: 'Cash' },
  { value: 'check', label: 'Check' },
  { value: 'money_order', label: 'Money Order' },
] as const;
type MethodKind = (typeof methods)[number]['value'];

const numberLabels: Partial<Record<MethodKind, string>> = {
  check: 'Check Number',
  money_order: 'Money Order Number',
};

type Props = { merchantId: string; onDone: () => void };

/**
 * 'New Misc Payment' (docs/product.md §2 /merchants/{merchantID}/misc-payment/**, a down payment): the customer
 * found by name, Customer ID or phone, the amount, cash, check or money order with its number, and what it was
 * for. One submission is one payment: a double click or a retry records it once.
 */
export function MiscPaymentForm({ merchantId, onDone }: Props) {
  const form = useForm<MiscPaymentInput>({
    resolver: checkPayment,
    defaultValues: {
      customer_id: '',
      amount: '',
      method_kind: 'cash',
      description: 'Down payment',
      note: '',
    },
  });
  const [customer, setCustomer] = useState<PickerOption | null>(null);
  const { submit, formMessages, taken, isPending } = useMiscPaymentSubmit(merchantId, form);
  const methodKind = useWatch({ control: form.control, name: 'method_kind' });
  const { errors } = form.formState;

  if (taken) {
    return (
      <MiscPaymentConfirmation transaction={taken} customerLabel={customer?.label ?? ''} onDone={onDone} />
    );
  }

  const numberLabel = numberLabels[methodKind];
  return (
    <form onSubmit={submit} noValidate aria-label="New Misc Payment">
      <Stack maw={520}>
        <FormAlert messages={formMessages} />
        <CustomerPicker
          merchantId={merchantId}
          label="Customer"
          description="Search by name, Customer ID or phone number"
          value={customer}
          onChange={(option) => {
            setCustomer(option);
            form.setValue('customer_id', option?.value ?? '', { shouldValidate: form.formState.isSubmitted });
          }}
          error={errors.customer_id?.message}
        />
        <TextInput
          label="Amount"
          withAsterisk
          leftSection="$"
          inputMode="decimal"
          {...form.register('amount')}
          error={errors.amount?.message}
        />
        <NativeSelect
          label="Paid With"
          withAsterisk
          data={methods.map((method) => ({ ...method }))}
          {...form.register('method_kind', {
            onChange: () => form.setValue('note', ''),
          })}
          error={errors.method_kind?.message}
        />
        {numberLabel ? (
          <TextInput
            label={numberLabel}
            maxLength={200}
            {...form.register('note')}
            error={errors.note?.message}
          />
        ) : null}
        <TextInput
          label="Description"
          description="What it was for: a down payment, a title fee, a deposit"
          withAsterisk
          maxLength={200}
          {...form.register('description')}
          error={errors.description?.message}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={isPending}>
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
