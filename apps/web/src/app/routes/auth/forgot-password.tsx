import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { passwordResetRequestSchema } from '@paylane/shared/contracts/auth';
import { translateMessage } from '@paylane/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { useRequestPasswordReset } from '../../../features/auth/api/request-password-reset';
import { applyServerErrors } from '../../../lib/form-errors';

type ForgotInput = z.input<typeof passwordResetRequestSchema>;
type ForgotValues = z.output<typeof passwordResetRequestSchema>;

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [sentDetail, setSentDetail] = useState<string | null>(null);
  const form = useForm<ForgotInput, unknown, ForgotValues>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      const answer = await requestReset.mutateAsync(values);
      setSentDetail(translateMessage(answer.detail));
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['email']));
    }
  });

  return (
    <PublicPage title="Forgot Password">
      {sentDetail ? (
        <Stack>
          <Alert color="green" variant="light" role="status">
            {sentDetail}
          </Alert>
          <Anchor component={Link} to="/login" size="sm">
            Back to Sign In
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              Enter the email you sign in with and we will send you a link to choose a new password.
            </Text>
            <FormAlert messages={formMessages} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <Button type="submit" loading={requestReset.isPending} fullWidth>
              Send Reset Link
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Back to Sign In
            </Anchor>
          </Stack>
        </form>
      )}
    </PublicPage>
  );
}
