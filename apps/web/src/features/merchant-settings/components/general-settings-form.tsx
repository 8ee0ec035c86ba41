import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  generalSettingsFieldByServerField,
  generalSettingsFormSchema,
  toGeneralSettingsForm,
  type GeneralSettingsFormInput,
  type MerchantSettings,
  type MerchantSettingsUpdateInput,
} from '@paylane/shared/contracts/merchant-settings';
import { useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { TimeZoneSelect } from '../../../components/time-zone-select';
import { ApiError, isApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateMerchantSettings } from '../api/update-merchant-settings';

const formFields: readonly Path<GeneralSettingsFormInput>[] = [
  'name',
  'email',
  'phone',
  'website',
  'time_zone',
  'quiet_hours_start',
  'quiet_hours_end',
  'min_payment_amount',
  'max_payment_amount',
];

/** The server names amounts …_cents; the form shows them under its dollar fields. */
function withFormFieldNames(error: unknown): unknown {
  if (!isApiError(error) || !error.fieldErrors) return error;
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, texts]) => [
      generalSettingsFieldByServerField[field] ?? field,
      texts,
    ]),
  );
  return new ApiError({
    status: error.status,
    detail: error.detail,
    nonFieldErrors: error.nonFieldErrors,
    fieldErrors,
  });
}

/** docs/product.md §2 settings/general; saving asks 'Are you sure you want to save changes?' (docs/product.md §8). */
export function GeneralSettingsForm({
  merchantId,
  settings,
}: {
  merchantId: string;
  settings: MerchantSettings;
}) {
  const update = useUpdateMerchantSettings(merchantId);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<GeneralSettingsFormInput, unknown, MerchantSettingsUpdateInput>({
    resolver: zodResolver(generalSettingsFormSchema),
    defaultValues: toGeneralSettingsForm(settings),
  });
  const { errors } = form.formState;

  const save = async (body: MerchantSettingsUpdateInput) => {
    setFormMessages([]);
    try {
      const saved = await update.mutateAsync(body);
      form.reset(toGeneralSettingsForm(saved));
      notifications.show({ color: 'green', message: 'Settings saved', autoClose: 2000 });
    } catch (error) {
      setFormMessages(applyServerErrors(withFormFieldNames(error), form.setError, formFields));
    }
  };

  const onSubmit = form.handleSubmit((body) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: 'Save Changes',
      children: <Text size="sm">Are you sure you want to save changes?</Text>,
      labels: { confirm: 'Save', cancel: 'Cancel' },
      onConfirm: () => void save(body),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="General settings">
      <Stack maw={720}>
        <FormAlert messages={formMessages} />
        <TextInput
          label="Merchant Name"
          withAsterisk
          {...form.register('name')}
          error={errors.name?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Email" type="email" {...form.register('email')} error={errors.email?.message} />
          <TextInput
            label="Phone Number"
            type="tel"
            maxLength={14}
            {...form.register('phone')}
            error={errors.phone?.message}
          />
        </SimpleGrid>
        <TextInput
          label="Website"
          placeholder="https://"
          {...form.register('website')}
          error={errors.website?.message}
        />
        <Controller
          control={form.control}
          name="time_zone"
          render={({ field }) => (
            <TimeZoneSelect
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.time_zone?.message}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Quiet Hours Start"
            description="No messages are sent from this time"
            type="time"
            {...form.register('quiet_hours_start')}
            error={errors.quiet_hours_start?.message}
          />
          <TextInput
            label="Quiet Hours End"
            description="Messages resume at this time"
            type="time"
            {...form.register('quiet_hours_end')}
            error={errors.quiet_hours_end?.message}
          />
          <TextInput
            label="Minimum Payment Amount"
            leftSection="$"
            inputMode="decimal"
            withAsterisk
            {...form.register('min_payment_amount')}
            error={errors.min_payment_amount?.message}
          />
          <TextInput
            label="Maximum Payment Amount"
            description="Leave empty for no maximum"
            leftSection="$"
            inputMode="decimal"
            {...form.register('max_payment_amount')}
            error={errors.max_payment_amount?.message}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
