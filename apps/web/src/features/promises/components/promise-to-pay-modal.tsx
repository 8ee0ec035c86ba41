import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { CustomerAccount } from '@paylane/shared/contracts/customers';
import type { CreatePromiseInput } from '@paylane/shared/contracts/promises';
import { formatCurrency, formatDate, formatPaymentMethod } from '@paylane/shared/format';
import { dollarsToCentsSchema } from '@paylane/shared/validation';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver, type ResolverOptions } from 'react-hook-form';
import { FormDateInput } from '../../../components/date-input';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors, isShownOnForm } from '../../../lib/form-errors';
import { usePaymentMethods } from '../../payment-methods/api/list-payment-methods';
import { useCreatePromise } from '../api/create-promise';
import { timeOfDayText, zoneName } from '../promise-display';
import { promiseFormSchema } from '../promise-rules';
import { showPromiseToast } from './promise-toast';

type Props = {
  merchantId: string;
  customerId: string;
  account: CustomerAccount;
  accountTitle: string;
  /** The merchant's zone: the date and time are on its clock. */
  timeZone: string | undefined;
  onClose: () => void;
};

type PromiseFormValues = { date: string; time: string; amount: string; payment_method: string; note: string };

const formFields = ['date', 'time', 'amount', 'payment_method', 'note'] as const;

/** What the form sends: the fields as typed, the ones left empty as null. */
const toPromiseInput = (values: PromiseFormValues): CreatePromiseInput => ({
  date: values.date,
  time: values.time,
  amount: values.amount.trim() || null,
  payment_method: values.payment_method || null,
  note: values.note.trim() || null,
});

/** Said under a lost answer: sending again is safe because the key is the same. */
export const promiseNoAnswerMessage =
  'The promise may or may not have been saved. Save it again: the same promise is never made twice.';

/**
 * 'Promise to Pay' on one account (docs/product.md §3 promises, issue 17 item 4): a date and time on the
 * merchant's clock, optionally an amount, and with a saved method and an amount a scheduled payment. Mounted
 * only while open: each opening is one promise with one Idempotency-Key, kept through a lost answer (a retry
 * makes it once) and renewed only after the server refused it (nothing was made).
 */
export function PromiseToPayModal(props: Props) {
  const { merchantId, customerId, account, timeZone, onClose } = props;
  const methods = usePaymentMethods(merchantId, customerId);
  const resolver = useMemo<Resolver<PromiseFormValues>>(() => {
    // Checked with the shared schema and the merchant's clock; sent as typed (the server converts and checks again).
    const check = zodResolver(promiseFormSchema(timeZone), undefined, { raw: true });
    // Empty fields are checked as the null they are sent as; the form keeps its own values.
    return async (values, context, options) => {
      // The options carry the fields' refs (focus on the first error); their names are the same.
      const { errors } = await check(
        toPromiseInput(values),
        context,
        options as ResolverOptions<CreatePromiseInput>,
      );
      return Object.keys(errors).length > 0
        ? { values: {}, errors: errors as FieldErrors<PromiseFormValues> }
        : { values, errors: {} };
    };
  }, [timeZone]);
  const form = useForm<PromiseFormValues>({
    resolver,
    defaultValues: { date: '', time: '', amount: '', payment_method: '', note: '' },
  });
  const create = useCreatePromise(merchantId);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [formMessages, setFormMessages] = useState<string[]>([]);
  // A double click's second click lands before React re-renders the busy button: refused here at once.
  const inFlight = useRef(false);
  const [date, time, amount, methodId] = useWatch({
    control: form.control,
    name: ['date', 'time', 'amount', 'payment_method'],
  });
  // A method retired after a bank return is never offered (issue 18).
  const options = (methods.data?.results ?? []).filter((method) => !method.is_retired);
  const method = options.find((option) => option.id === methodId);
  const cents = dollarsToCentsSchema.safeParse(amount);
  const isScheduled = Boolean(method) && amount.trim() !== '';
  const { errors } = form.formState;

  const send = async (values: PromiseFormValues) => {
    setFormMessages([]);
    try {
      const promise = await create.mutateAsync({
        customerId,
        accountId: account.id,
        idempotencyKey,
        input: toPromiseInput(values),
      });
      showPromiseToast(promise.status === 'SCHEDULED' ? 'Payment scheduled!' : 'Promise to pay saved!');
      onClose();
    } catch (error) {
      if (isShownOnForm(error)) {
        setIdempotencyKey(crypto.randomUUID());
        setFormMessages(applyServerErrors(error, form.setError, formFields));
      } else setFormMessages([promiseNoAnswerMessage]);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    void form
      .handleSubmit(send)(event)
      .finally(() => {
        inFlight.current = false;
      });
  };

  return (
    <Modal opened onClose={onClose} title="Promise to Pay" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Promise to Pay">
        <Stack>
          <Text size="sm" c="dimmed">
            {`${props.accountTitle} · Amount Due ${formatCurrency(account.amount_due_cents)}`}
          </Text>
          <FormAlert messages={formMessages} />
          <Group grow align="flex-start">
            <FormDateInput control={form.control} name="date" label="Date" withAsterisk />
            <TextInput
              label="Time"
              type="time"
              withAsterisk
              description={`Merchant's time (${zoneName(timeZone)})`}
              {...form.register('time')}
              error={errors.time?.message}
            />
          </Group>
          <TextInput
            label="Amount"
            description="Optional"
            leftSection="$"
            inputMode="decimal"
            {...form.register('amount')}
            error={errors.amount?.message}
          />
          <NativeSelect
            label="Payment Method"
            description={
              methods.isError ? 'The saved payment methods could not be loaded.' : 'Optional: a saved method'
            }
            data={[
              { value: '', label: 'None (a promise only)' },
              ...options.map((option) => ({ value: option.id, label: formatPaymentMethod(option) })),
            ]}
            {...form.register('payment_method')}
            error={errors.payment_method?.message}
          />
          <TextInput label="Note" maxLength={500} {...form.register('note')} error={errors.note?.message} />
          {isScheduled && method ? (
            <Alert color="blue" variant="light" title="This schedules a payment">
              <Text size="sm">
                {`${cents.success ? formatCurrency(cents.data) : 'The amount'} will be charged to ` +
                  `${formatPaymentMethod(method)}` +
                  (date && time
                    ? ` on ${formatDate(date)} at ${timeOfDayText(time)}`
                    : ' at the date and time') +
                  ', once, unless the scheduled payment is cancelled before then.'}
              </Text>
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              Records the customer’s promise to pay by this date and time. Choose a payment method and an
              amount to schedule the payment instead.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              {isScheduled ? 'Schedule Payment' : 'Save Promise'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
