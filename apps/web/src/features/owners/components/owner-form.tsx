import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  ownerCreateSchema,
  ownerUpdateSchema,
  type Owner,
  type OwnerUpdate,
  type OwnerUpdateInput,
} from '@paylane/shared/contracts/owners';
import { formatPhone } from '@paylane/shared/format';
import { usStates } from '@paylane/shared/validation';
import { useState, type ReactNode } from 'react';
import { useForm, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { FormDateInput } from '../../../components/date-input';
import { FormAlert } from '../../../components/form-alert';
import { FormPhoneInput } from '../../../components/phone-input';
import { applyServerErrors } from '../../../lib/form-errors';

export type OwnerFormValues = {
  full_name: string;
  title: string;
  email: string;
  phone: string;
  ssn: string;
  date_of_birth: string;
  ownership_percentage: string;
  address_line1: string;
  city: string;
  state: string;
  postal_code: string;
};

export const emptyOwnerValues: OwnerFormValues = {
  full_name: '',
  title: '',
  email: '',
  phone: '',
  ssn: '',
  date_of_birth: '',
  ownership_percentage: '',
  address_line1: '',
  city: '',
  state: '',
  postal_code: '',
};

/** An answered owner as form values; the SSN field starts empty (the server never sends it). */
export const ownerFormValues = (owner: Owner): OwnerFormValues => ({
  full_name: owner.full_name,
  title: owner.title,
  email: owner.email,
  phone: formatPhone(owner.phone),
  ssn: '',
  date_of_birth: owner.date_of_birth,
  ownership_percentage: String(owner.ownership_percentage),
  address_line1: owner.address_line1,
  city: owner.city,
  state: owner.state,
  postal_code: owner.postal_code,
});

const fields = Object.keys(emptyOwnerValues) as Path<OwnerUpdateInput>[];

// Creating needs the SSN, an update may leave it out. The create schema's values are update values with
// the SSN present, so its resolver serves a form typed for updates (the types cannot say 'subset').
const createResolver = zodResolver(ownerCreateSchema) as unknown as Resolver<
  OwnerUpdateInput,
  unknown,
  OwnerUpdate
>;

type Form = UseFormReturn<OwnerUpdateInput, unknown, OwnerUpdate>;
const stateOptions = [
  { value: '', label: 'Choose a state' },
  ...usStates.map((state) => ({ value: state, label: state })),
];

type OwnerFormProps = {
  defaultValues: OwnerFormValues;
  /** On an existing owner the SSN may be left empty to keep the stored one, whose mask is shown. */
  storedSsnMask: string | null;
  submitLabel: string;
  save: (values: OwnerUpdate) => Promise<unknown>;
  onSaved: () => void;
  /** More buttons beside Save (e.g. Remove). */
  actions?: ReactNode;
};

/** Create or edit a business owner with the shared rules of docs/product.md §5 (full name, SSN, date of birth, share). */
export function OwnerForm(props: OwnerFormProps) {
  const { defaultValues, storedSsnMask, submitLabel, save, onSaved, actions } = props;
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<OwnerUpdateInput, unknown, OwnerUpdate>({
    resolver: storedSsnMask ? zodResolver(ownerUpdateSchema) : createResolver,
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
        <OwnerFields form={form} storedSsnMask={storedSsnMask} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
          {actions}
        </Group>
      </Stack>
    </form>
  );
}

function OwnerFields({ form, storedSsnMask }: { form: Form; storedSsnMask: string | null }) {
  const { errors } = form.formState;
  const field = (name: keyof OwnerFormValues) => ({ ...form.register(name), error: errors[name]?.message });
  const ssnHint = storedSsnMask ? `Stored: ${storedSsnMask}. Leave empty to keep it.` : '9 digits, no dashes';
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Full Name" withAsterisk autoComplete="off" {...field('full_name')} />
        <TextInput label="Title" {...field('title')} />
        <TextInput label="Email" withAsterisk type="email" autoComplete="off" {...field('email')} />
        <FormPhoneInput label="Phone" control={form.control} name="phone" />
        <TextInput
          label="SSN"
          withAsterisk={!storedSsnMask}
          autoComplete="off"
          inputMode="numeric"
          description={ssnHint}
          {...field('ssn')}
        />
        <FormDateInput label="Date of Birth" withAsterisk control={form.control} name="date_of_birth" />
        <TextInput
          label="Ownership Percentage"
          withAsterisk
          inputMode="decimal"
          rightSection={<Text size="sm">%</Text>}
          {...field('ownership_percentage')}
        />
      </SimpleGrid>
      <TextInput label="Address" withAsterisk {...field('address_line1')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="City" withAsterisk {...field('city')} />
        <NativeSelect label="State" withAsterisk data={stateOptions} {...field('state')} />
        <TextInput label="Postal Code" withAsterisk {...field('postal_code')} />
      </SimpleGrid>
    </>
  );
}
