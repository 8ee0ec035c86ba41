import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { SetupStatus } from '@paylane/shared/contracts/locations';
import {
  merchantAccountWriteSchema,
  processors,
  type MerchantAccount,
  type MerchantAccountWrite,
  type MerchantAccountWriteInput,
  type Processor,
} from '@paylane/shared/contracts/merchant-accounts';
import { setupStatuses } from '@paylane/shared/contracts/locations';
import { centsToDollars } from '@paylane/shared/format';
import { useState } from 'react';
import { useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { processorLabels } from '../processors';

export type MerchantAccountFormValues = {
  location: string;
  name: string;
  processor: Processor;
  processor_account_id: string;
  status: SetupStatus;
  card_fee: string;
  ach_fee: string;
  convenience_fee: string;
  monthly_volume: string;
  max_transaction_amount: string;
};

export const emptyMerchantAccountValues = (location: string): MerchantAccountFormValues => ({
  location,
  name: '',
  processor: 'sandbox',
  processor_account_id: '',
  status: 'pending',
  card_fee: '',
  ach_fee: '',
  convenience_fee: '0.00',
  monthly_volume: '',
  max_transaction_amount: '',
});

/** An answered account as form values: fees as percents, money as dollars, as a person types them. */
export const merchantAccountFormValues = (account: MerchantAccount): MerchantAccountFormValues => ({
  location: account.location,
  name: account.name,
  processor: account.processor,
  processor_account_id: account.processor_account_id,
  status: account.status,
  card_fee: account.card_fee,
  ach_fee: account.ach_fee,
  convenience_fee: centsToDollars(account.convenience_fee_cents),
  monthly_volume: centsToDollars(account.monthly_volume_cents),
  max_transaction_amount: centsToDollars(account.max_transaction_amount_cents),
});

const fields = Object.keys(emptyMerchantAccountValues('')) as Path<MerchantAccountWriteInput>[];
const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const processorOptions = processors.map((value) => ({ value, label: processorLabels[value] }));
const statusOptions = setupStatuses.map((value) => ({ value, label: label(value) }));
const percent = <Text size="sm">%</Text>;
const dollars = <Text size="sm">$</Text>;

type Form = UseFormReturn<MerchantAccountWriteInput, unknown, MerchantAccountWrite>;

type MerchantAccountFormProps = {
  defaultValues: MerchantAccountFormValues;
  /** The merchant's locations to choose from (the page loads them). */
  locations: { value: string; label: string }[];
  submitLabel: string;
  save: (values: MerchantAccountWrite) => Promise<unknown>;
  onSaved: () => void;
};

/** Create or edit a merchant account: fees in percent with two decimals, amounts in dollars. */
export function MerchantAccountForm(props: MerchantAccountFormProps) {
  const { defaultValues, locations, submitLabel, save, onSaved } = props;
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<MerchantAccountWriteInput, unknown, MerchantAccountWrite>({
    resolver: zodResolver(merchantAccountWriteSchema),
    defaultValues,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      await save(values);
      onSaved();
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, fields));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={720}>
        <FormAlert messages={formMessages} />
        <AccountFields form={form} locations={locations} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AccountFields({ form, locations }: { form: Form; locations: { value: string; label: string }[] }) {
  const { errors } = form.formState;
  const field = (name: keyof MerchantAccountFormValues) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });
  const locationOptions = [{ value: '', label: 'Choose a location' }, ...locations];
  return (
    <>
      <NativeSelect label="Location" withAsterisk data={locationOptions} {...field('location')} />
      <TextInput label="Name" withAsterisk {...field('name')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect label="Processor" withAsterisk data={processorOptions} {...field('processor')} />
        <TextInput label="Processor Account ID" {...field('processor_account_id')} />
        <NativeSelect label="Status" withAsterisk data={statusOptions} {...field('status')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Card Fee"
          withAsterisk
          inputMode="decimal"
          rightSection={percent}
          {...field('card_fee')}
        />
        <TextInput
          label="ACH Fee"
          withAsterisk
          inputMode="decimal"
          rightSection={percent}
          {...field('ach_fee')}
        />
        <TextInput
          label="Convenience Fee"
          withAsterisk
          inputMode="decimal"
          leftSection={dollars}
          {...field('convenience_fee')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Monthly Volume"
          withAsterisk
          inputMode="decimal"
          leftSection={dollars}
          {...field('monthly_volume')}
        />
        <TextInput
          label="Max Transaction Amount"
          withAsterisk
          inputMode="decimal"
          leftSection={dollars}
          {...field('max_transaction_amount')}
        />
      </SimpleGrid>
    </>
  );
}
