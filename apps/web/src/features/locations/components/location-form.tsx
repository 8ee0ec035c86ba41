import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  locationWriteSchema,
  setupStatuses,
  type Location,
  type LocationWrite,
  type LocationWriteInput,
} from '@paylane/shared/contracts/locations';
import { formatPhone } from '@paylane/shared/format';
import { usStates } from '@paylane/shared/validation';
import { useState } from 'react';
import { Controller, useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { FormPhoneInput } from '../../../components/phone-input';
import { TimeZoneSelect } from '../../../components/time-zone-select';
import { applyServerErrors } from '../../../lib/form-errors';

export type LocationFormValues = {
  name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  phone: string;
  time_zone: string;
  status: (typeof setupStatuses)[number];
};

const emptyLocationValues: LocationFormValues = {
  name: '',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
  phone: '',
  time_zone: '',
  status: 'active',
};

/** A new location starts in its merchant's time zone (a Central merchant's lots are mostly Central). */
export const newLocationValues = (merchantTimeZone: string): LocationFormValues => ({
  ...emptyLocationValues,
  time_zone: merchantTimeZone,
});

const fields = Object.keys(emptyLocationValues) as Path<LocationWriteInput>[];
const statusOptions = setupStatuses.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));
const stateOptions = [
  { value: '', label: 'Choose a state' },
  ...usStates.map((state) => ({ value: state, label: state })),
];

type LocationFormProps = {
  defaultValues: LocationFormValues;
  submitLabel: string;
  /** Sends the checked values; a 4xx it throws is shown on the form. */
  save: (values: LocationWrite) => Promise<unknown>;
  onSaved: () => void;
};

/** Create or edit a location with the shared rules (docs/product.md §5: US postal code, US/CA phone). */
export function LocationForm({ defaultValues, submitLabel, save, onSaved }: LocationFormProps) {
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<LocationWriteInput, unknown, LocationWrite>({
    resolver: zodResolver(locationWriteSchema),
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
        <LocationFields form={form} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LocationFields({ form }: { form: UseFormReturn<LocationWriteInput, unknown, LocationWrite> }) {
  const { errors } = form.formState;
  const field = (name: keyof LocationFormValues) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });
  return (
    <>
      <TextInput label="Name" withAsterisk {...field('name')} />
      <TextInput label="Address" withAsterisk {...field('address_line1')} />
      <TextInput label="Address Line 2" {...field('address_line2')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="City" withAsterisk {...field('city')} />
        <NativeSelect label="State" withAsterisk data={stateOptions} {...field('state')} />
        <TextInput label="Postal Code" withAsterisk {...field('postal_code')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormPhoneInput label="Phone" control={form.control} name="phone" />
        <NativeSelect label="Status" data={statusOptions} {...field('status')} />
      </SimpleGrid>
      {/* A row of its own: the zone's names ('Mountain, no DST — America/Phoenix') need the width. */}
      <Controller
        control={form.control}
        name="time_zone"
        render={({ field: zone }) => (
          <TimeZoneSelect
            ref={zone.ref}
            name={zone.name}
            value={zone.value}
            onChange={zone.onChange}
            onBlur={zone.onBlur}
            error={errors.time_zone?.message}
          />
        )}
      />
    </>
  );
}

/** An answered location as form values (the phone as typed: national format). */
export function locationFormValues(location: Location): LocationFormValues {
  return {
    name: location.name,
    address_line1: location.address_line1,
    address_line2: location.address_line2,
    city: location.city,
    state: location.state,
    postal_code: location.postal_code,
    phone: formatPhone(location.phone),
    time_zone: location.time_zone,
    status: location.status,
  };
}
