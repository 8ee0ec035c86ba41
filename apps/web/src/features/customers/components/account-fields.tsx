import { Fieldset, MultiSelect, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { accountStatuses, cadenceLabels, cadences } from '@paylane/shared/contracts/customers';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormDateInput } from '../../../components/date-input';
import { useTagOptions } from '../hooks/use-tag-options';
import type { CustomerForm } from './customer-fields';
import type { AccountFormValues } from './customer-form-values';

const cadenceOptions = [
  { value: '', label: 'None' },
  ...cadences.map((cadence) => ({ value: cadence, label: cadenceLabels[cadence] })),
];
const statusOptions = accountStatuses.map((status) => ({
  value: status,
  label: status.charAt(0).toUpperCase() + status.slice(1),
}));
const TAG_SEARCH_DELAY_MS = 250;

/** The first account of a new customer (docs/product.md §3 Account): all optional but the amount due. */
export function AccountFields({ form, merchantId }: { form: CustomerForm; merchantId: string }) {
  const errors = form.formState.errors.account;
  const [tagSearch, setTagSearch] = useState('');
  const [debouncedTagSearch] = useDebouncedValue(tagSearch.trim(), TAG_SEARCH_DELAY_MS);
  const tagOptions = useTagOptions(merchantId, debouncedTagSearch);
  const field = (name: Exclude<keyof AccountFormValues, 'tags' | 'due_date' | 'cadence'>) => ({
    ...form.register(`account.${name}`),
    error: errors?.[name]?.message,
  });
  return (
    <Fieldset legend="First Account">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Account Number" {...field('external_id')} />
        <TextInput
          label="Amount Due"
          withAsterisk
          inputMode="decimal"
          leftSection="$"
          {...field('amount_due')}
        />
        <FormDateInput label="Due Date" control={form.control} name="account.due_date" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
        <NativeSelect
          label="Cadence"
          data={cadenceOptions}
          error={errors?.cadence?.message}
          {...form.register('account.cadence', { setValueAs: (value: string | null) => value || null })}
        />
        <NativeSelect label="Status" data={statusOptions} {...field('status')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
        <TextInput label="Vehicle Year" inputMode="numeric" maxLength={4} {...field('vehicle_year')} />
        <TextInput label="Vehicle Make" {...field('vehicle_make')} />
        <TextInput label="Vehicle Model" {...field('vehicle_model')} />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="account.tags"
        render={({ field: tags, fieldState }) => (
          <MultiSelect
            mt="sm"
            label="Tags"
            placeholder="Choose tags"
            data={tagOptions}
            value={tags.value ?? []}
            onChange={tags.onChange}
            onBlur={tags.onBlur}
            ref={tags.ref}
            error={fieldState.error?.message}
            searchable
            onSearchChange={setTagSearch}
            nothingFoundMessage="No tags found"
          />
        )}
      />
    </Fieldset>
  );
}
