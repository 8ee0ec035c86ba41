import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { PasswordInput } from '../../../components/password-input';
import { applyServerErrors } from '../../../lib/form-errors';
import { credentialsFormSchema, type CredentialField, type CredentialValues } from '../integration-schemas';

type Props = {
  fields: readonly CredentialField[];
  /** The saved non-secret values, by field name. */
  saved: CredentialValues;
  hasPassword: boolean;
  isSaving: boolean;
  save: (values: CredentialValues) => Promise<unknown>;
};

/**
 * A vendor login (PassTime, Ituran). The saved password never comes back from the server: the field stays
 * empty with a 'Saved' placeholder, and leaving it empty keeps it.
 */
export function CredentialsForm({ fields, saved, hasPassword, isSaving, save }: Props) {
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const schema = useMemo(() => credentialsFormSchema(fields, hasPassword), [fields, hasPassword]);
  const form = useForm<CredentialValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...saved, password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      await save(values);
      form.reset({ ...values, password: '' });
      notifications.show({ color: 'green', message: 'Credentials saved', autoClose: 2000 });
    } catch (error) {
      const names = [...fields.map((field) => field.name), 'password'];
      setFormMessages(applyServerErrors(error, form.setError, names));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={480}>
        <FormAlert messages={formMessages} />
        {fields.map((field) => (
          <TextInput
            key={field.name}
            label={field.label}
            withAsterisk
            autoComplete="off"
            {...form.register(field.name)}
            error={errors[field.name]?.message}
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
