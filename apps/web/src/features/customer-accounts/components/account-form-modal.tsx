import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AccountPinFields } from './account-pin-fields';
import {
  accountStatuses,
  accountWriteSchema,
  cadenceLabels,
  cadences,
  type AccountWriteInput,
  type CustomerAccount,
} from '@paylane/shared/contracts/customers';
import { centsToDollars } from '@paylane/shared/format';
import { useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { FormDateInput } from '../../../components/date-input';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateAccount } from '../api/create-account';
import { useUpdateAccount } from '../api/update-account';
import { AccountTagsSelect } from './account-tags-select';

type Props = {
  merchantId: string;
  customerId: string;
  /** The account to edit; null adds a new one to the customer. */
  account: CustomerAccount | null;
  onClose: () => void;
};

const fields: Path<AccountWriteInput>[] = [
  'external_id',
  'status',
  'amount_due',
  'due_date',
  'cadence',
  'vehicle_year',
  'vehicle_make',
  'vehicle_model',
  'location',
  'tags',
  'pin',
  'confirm_pin',
];
const statusOptions = accountStatuses.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));
const cadenceOptions = [
  { value: '', label: 'None' },
  ...cadences.map((value) => ({ value, label: cadenceLabels[value] })),
];

// Checked with the shared schema but sent as typed (dollars, not cents): the server converts, as for create.
const checkAccount = zodResolver(accountWriteSchema, undefined, { raw: true });

/** An account as the form shows it: amounts as dollars typed, empty text for nothing. */
function formValues(account: CustomerAccount | null): AccountWriteInput {
  return {
    external_id: account?.external_id ?? '',
    status: account?.status ?? 'active',
    amount_due: account ? centsToDollars(account.amount_due_cents) : '',
    due_date: account?.due_date ?? '',
    cadence: account?.cadence ?? null,
    vehicle_year: account?.vehicle_year === null || !account ? '' : String(account.vehicle_year),
    vehicle_make: account?.vehicle_make ?? '',
    vehicle_model: account?.vehicle_model ?? '',
    // A PUT replaces the whole account: keep its location; a new one takes the customer's.
    location: account?.location?.id ?? null,
    tags: account?.tags.map((tag) => tag.id) ?? [],
    pin: '',
    confirm_pin: '',
  };
}

/**
 * What is sent: the PIN only when one was typed (absent keeps the account's PIN; the server never sends it
 * back, so the form cannot show it), null when staff remove it.
 */
function toRequest(values: AccountWriteInput, removePin: boolean): AccountWriteInput {
  const { pin, confirm_pin, ...account } = values;
  if (removePin) return { ...account, pin: null };
  return pin ? { ...account, pin, confirm_pin } : account;
}

/** Add or edit an account with the shared rules. Mount it only while open, so it starts from the account. */
export function AccountFormModal({ merchantId, customerId, account, onClose }: Props) {
  const create = useCreateAccount(merchantId, customerId);
  const update = useUpdateAccount(merchantId, customerId);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [removePin, setRemovePin] = useState(false);
  const form = useForm<AccountWriteInput>({
    resolver: checkAccount,
    defaultValues: formValues(account),
  });
  const { errors } = form.formState;
  const text = (name: 'external_id' | 'amount_due' | 'vehicle_year' | 'vehicle_make' | 'vehicle_model') => ({
    ...form.register(name),
    error: errors[name]?.message,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    const input = toRequest(values, removePin);
    try {
      if (account) await update.mutateAsync({ accountId: account.id, input });
      else await create.mutateAsync(input);
      onClose();
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, fields));
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={account ? 'Edit Account' : 'Add Account'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormAlert messages={formMessages} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Account Number" data-autofocus {...text('external_id')} />
            <NativeSelect label="Status" data={statusOptions} {...form.register('status')} />
            <TextInput
              label="Amount Due"
              withAsterisk
              leftSection="$"
              inputMode="decimal"
              {...text('amount_due')}
            />
            <FormDateInput label="Due Date" control={form.control} name="due_date" />
            <NativeSelect
              label="Cadence"
              data={cadenceOptions}
              {...form.register('cadence', { setValueAs: (value: string) => value || null })}
              error={errors.cadence?.message}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Vehicle Year" inputMode="numeric" maxLength={4} {...text('vehicle_year')} />
            <TextInput label="Vehicle Make" {...text('vehicle_make')} />
            <TextInput label="Vehicle Model" {...text('vehicle_model')} />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="tags"
            render={({ field, fieldState }) => (
              <AccountTagsSelect
                merchantId={merchantId}
                knownTags={account?.tags ?? []}
                value={field.value ?? []}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <AccountPinFields
            hasPin={account?.has_pin ?? false}
            removePin={removePin}
            onRemovePinChange={(remove) => {
              setRemovePin(remove);
              if (!remove) return;
              form.setValue('pin', '');
              form.setValue('confirm_pin', '');
              form.clearErrors(['pin', 'confirm_pin']);
            }}
            pin={{ ...form.register('pin'), error: errors.pin?.message }}
            confirmPin={{ ...form.register('confirm_pin'), error: errors.confirm_pin?.message }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {account ? 'Save' : 'Add Account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
