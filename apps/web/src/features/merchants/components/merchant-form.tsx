import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  merchantUpdateSchema,
  type Merchant,
  type MerchantIntegrationType,
  type MerchantStatus,
  type MerchantUpdate,
} from '@paylane/shared/contracts/merchants';
import { useState } from 'react';
import { Controller, useForm, type Control, type Path } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { TimeZoneSelect } from '../../../components/time-zone-select';
import { applyServerErrors } from '../../../lib/form-errors';
import {
  integrationOptions,
  statusOptions,
  toMerchantFormInput,
  type MerchantFormInput,
} from '../merchant-form-values';

const formFields: readonly Path<MerchantFormInput>[] = [
  'name',
  'integration_type',
  'is_integrated',
  'check_custom_roles',
  'allow_group_message',
  'time_zone',
  'status',
];

type Props = {
  initial: MerchantFormInput;
  submitLabel: string;
  /** An existing merchant asks 'Are you sure you want to save changes?' first (docs/product.md §8). */
  confirmSave: boolean;
  isSaving: boolean;
  onSave: (values: MerchantUpdate) => Promise<Merchant>;
  onSaved: (merchant: Merchant) => void;
};

const flags: {
  name: 'is_integrated' | 'check_custom_roles' | 'allow_group_message';
  label: string;
  hint: string;
}[] = [
  { name: 'is_integrated', label: 'Integrated', hint: 'Customers come from the DMS; manual create is off' },
  { name: 'check_custom_roles', label: 'Check Custom Roles', hint: 'Custom role permissions apply' },
  { name: 'allow_group_message', label: 'Allow Group Message', hint: 'Mass text messages are allowed' },
];

function FlagSwitches({ control }: { control: Control<MerchantFormInput, unknown, MerchantUpdate> }) {
  return (
    <Stack gap="sm">
      {flags.map((flag) => (
        <Controller
          key={flag.name}
          control={control}
          name={flag.name}
          render={({ field, fieldState }) => (
            <Switch
              label={flag.label}
              description={flag.hint}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
    </Stack>
  );
}

/** The merchant record a super admin edits (docs/product.md §2 /merchants/create and /merchants/{merchantID}). */
export function MerchantForm({ initial, submitLabel, confirmSave, isSaving, onSave, onSaved }: Props) {
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<MerchantFormInput, unknown, MerchantUpdate>({
    resolver: zodResolver(merchantUpdateSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;

  const save = async (values: MerchantUpdate) => {
    setFormMessages([]);
    try {
      const saved = await onSave(values);
      form.reset(toMerchantFormInput(saved));
      onSaved(saved);
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, formFields));
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    if (!confirmSave) return save(values);
    modals.openConfirmModal({
      title: 'Save Changes',
      children: <Text size="sm">Are you sure you want to save changes?</Text>,
      labels: { confirm: 'Save', cancel: 'Cancel' },
      onConfirm: () => void save(values),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Merchant">
      <Stack maw={720}>
        <FormAlert messages={formMessages} />
        <TextInput label="Name" withAsterisk {...form.register('name')} error={errors.name?.message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="integration_type"
            render={({ field }) => (
              <Select
                label="Integration Type"
                placeholder="None"
                clearable
                data={integrationOptions}
                value={field.value ?? null}
                onChange={(value) => field.onChange((value as MerchantIntegrationType | null) ?? null)}
                onBlur={field.onBlur}
                error={errors.integration_type?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select
                label="Status"
                withAsterisk
                allowDeselect={false}
                data={statusOptions}
                value={field.value}
                onChange={(value) => field.onChange(value as MerchantStatus)}
                onBlur={field.onBlur}
                error={errors.status?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="time_zone"
          render={({ field }) => (
            <TimeZoneSelect
              ref={field.ref}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.time_zone?.message}
            />
          )}
        />
        <FlagSwitches control={form.control} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
