import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  credentialFields,
  credentialsFormSchema,
  type CredentialField,
  type Credentials,
  type CredentialsFormValues,
  type CredentialsUpdate,
  type CredentialVendor,
} from '@paylane/shared/contracts/integrations';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { PasswordInput } from '../../../components/password-input';
import { applyServerErrors } from '../../../lib/form-errors';

/** A vendor, and what each of its fields is called on screen. */
export type VendorFieldLabels<V extends CredentialVendor> = {
  vendor: V;
  labels: Record<CredentialField<V>, string>;
};

type Props<V extends CredentialVendor> = VendorFieldLabels<V> & {
  /** The saved login as answered (has_password, never the password). */
  credentials: Credentials<V>;
  isSaving: boolean;
  save: (values: CredentialsUpdate<V>) => Promise<unknown>;
};

/**
 * A vendor login (PassTime, Ituran). The saved password never comes back from the server: the field stays
 * empty with a 'Saved' placeholder, and leaving it empty keeps it.
 */
export function CredentialsForm<V extends CredentialVendor>({
  vendor,
  labels,
  credentials,
  isSaving,
  save,
}: Props<V>) {
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const hasPassword = credentials.has_password;
  const fields: readonly CredentialField<V>[] = credentialFields[vendor];
  const schema = useMemo(() => credentialsFormSchema(vendor, hasPassword), [vendor, hasPassword]);
  const form = useForm<CredentialsFormValues, unknown, CredentialsUpdate<V>>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...Object.fromEntries(fields.map((field) => [field, credentials[field]])),
      password: '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      await save(values);
      form.reset({ ...values, password: '' });
      notifications.show({ color: 'green', message: 'Credentials saved', autoClose: 2000 });
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, [...fields, 'password']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={480}>
        <FormAlert messages={formMessages} />
        {fields.map((field) => (
          <TextInput
            key={field}
            label={labels[field]}
            withAsterisk
            autoComplete="off"
            {...form.register(field)}
            error={errors[field]?.message}
          />
        ))}
        <PasswordInput
          label="Password"
          withAsterisk={!hasPassword}
          placeholder={hasPassword ? 'Saved' : undefined}
          description={hasPassword ? 'Leave empty to keep the saved password' : undefined}
          autoComplete="new-password"
          {...form.register('password')}
          error={errors.password?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSaving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
