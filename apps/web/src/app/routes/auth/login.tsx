import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { tokenRequestSchema } from '@paylane/shared/contracts/sign-in';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { PasswordInput } from '../../../components/password-input';
import { PublicPage } from '../../../components/public-page';
import { useCreateToken } from '../../../features/auth/api/create-token';
import { applyServerErrors } from '../../../lib/form-errors';
import { safeNextPath } from '../../../lib/safe-next';
import { getSessionStatus, signIn, startSession } from '../../../lib/session';

type LoginInput = z.input<typeof tokenRequestSchema>;
type LoginValues = z.output<typeof tokenRequestSchema>;

/** A signed-in user who opens /login goes on to `next` (or home) instead. */
export async function loginLoader({ request }: LoaderFunctionArgs) {
  await startSession();
  if (getSessionStatus() === 'authenticated') {
    throw redirect(safeNextPath(new URL(request.url).searchParams.get('next')));
  }
  return null;
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const createToken = useCreateToken();
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(tokenRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      signIn(await createToken.mutateAsync(values));
      await navigate(safeNextPath(searchParams.get('next')), { replace: true });
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['email', 'password']));
    }
  });

  return (
    <PublicPage title="Merchant Login">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormAlert messages={formMessages} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" loading={createToken.isPending} fullWidth>
            Sign In
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Trouble logging in?
          </Anchor>
        </Stack>
      </form>
    </PublicPage>
  );
}
