import { Fieldset, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { usStates } from '@paylane/shared/validation';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormDateInput } from '../../../components/date-input';
import { FormPhoneInput } from '../../../components/phone-input';
import { useLocations } from '../../locations/api/list-locations';
import type { CustomerFormInput, CustomerFormValues } from './customer-form-values';

export type CustomerForm = UseFormReturn<CustomerFormInput, unknown, CustomerFormInput>;

const stateOptions = [
  { value: '', label: 'Choose a state' },
  ...usStates.map((state) => ({ value: state, label: state })),
];
const languageOptions = [
  { value: 'en-US', label: 'English' },
  { value: 'es-US', label: 'Spanish' },
];

/** The customer's own fields (docs/product.md §3 Customer, §5 rules): create and edit share them. */
export function CustomerFields(props: { form: CustomerForm; merchantId: string; disabled?: boolean }) {
  const { form, merchantId, disabled = false } = props;
  const { errors } = form.formState;
  const locations = useLocations(merchantId);
  const locationOptions = [
    { value: '', label: 'Choose a location' },
    ...(locations.data?.results ?? []).map((location) => ({ value: location.id, label: location.name })),
  ];
  const field = (name: keyof CustomerFormValues) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });
  return (
    <Fieldset legend="Customer" disabled={disabled}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" withAsterisk {...field('first_name')} />
        <TextInput label="Last Name" withAsterisk {...field('last_name')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
        <TextInput label="Customer ID" {...field('external_id')} />
        <FormPhoneInput label="Mobile Phone" control={form.control} name="sms_phone_number" />
        <TextInput label="Email" type="email" {...field('email')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        {/* Controlled: the customer's location is chosen again once the options have loaded. */}
        <Controller
          control={form.control}
          name="location"
          render={({ field: location, fieldState }) => (
            <NativeSelect
              label="Location"
              withAsterisk
              data={locationOptions}
              {...location}
              value={location.value ?? ''}
              error={fieldState.error?.message}
            />
          )}
        />
        <NativeSelect label="Language" data={languageOptions} {...field('language')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        <TextInput label="Address" {...field('address_line1')} />
        <TextInput label="Address Line 2" {...field('address_line2')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
        <TextInput label="City" {...field('city')} />
        <NativeSelect label="State" data={stateOptions} {...field('state')} />
        <TextInput label="Postal Code" {...field('postal_code')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
        <FormDateInput label="Date of Birth" control={form.control} name="date_of_birth" />
      </SimpleGrid>
    </Fieldset>
  );
}
