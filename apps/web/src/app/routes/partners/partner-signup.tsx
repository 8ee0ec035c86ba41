import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { partnerSignupSchema } from '@paylane/shared/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { useCreatePartnerAccount } from '../../../features/auth/api/create-partner-account';
import { usePartnerInvite } from '../../../features/auth/api/get-partner-invite';
import { NewPasswordFields } from '../../../features/auth/components/new-password-fields';
import { applyServerErrors } from '../../../lib/form-errors';
import { signIn } from '../../../lib/session';

type SignupInput = z.input<typeof partnerSignupSchema>;
type SignupValues = z.output<typeof partnerSignupSchema>;

const FIELDS = ['first_name', 'last_name', 'password', 'password_confirm'] as const;

/** Creates the invited partner's account and signs them in (the route guard decides where they land). */
export function PartnerSignupPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const invite = usePartnerInvite(id, token);
  const createAccount = useCreatePartnerAccount();
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<SignupInput, unknown, SignupValues>({
    resolver: zodResolver(partnerSignupSchema),
    defaultValues: { id, token, first_name: '', last_name: '', password: '', password_confirm: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      signIn(await createAccount.mutateAsync(values));
      await navigate('/', { replace: true });
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, FIELDS));
    }
  });

  return (
    <PublicPage title="Partner Sign Up">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {invite.data ? (
            <Text size="sm" c="dimmed">
              Signing up as {invite.data.email}
            </Text>
          ) : null}
          <FormAlert messages={formMessages} />
          <Group grow align="flex-start">
            <TextInput
              label="First Name"
              autoComplete="given-name"
              error={errors.first_name?.message}
              {...form.register('first_name')}
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              error={errors.last_name?.message}
              {...form.register('last_name')}
            />
          </Group>
          <NewPasswordFields
            label="Password"
            password={form.register('password')}
            confirm={form.register('password_confirm')}
            errors={{ password: errors.password?.message, confirm: errors.password_confirm?.message }}
          />
          <Button type="submit" loading={createAccount.isPending} fullWidth>
            Create Account
          </Button>
        </Stack>
      </form>
    </PublicPage>
  );
}
