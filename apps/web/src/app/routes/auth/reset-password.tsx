import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { passwordResetConfirmSchema } from '@paylane/shared/contracts/auth';
import { translateMessage } from '@paylane/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { useConfirmPasswordReset } from '../../../features/auth/api/confirm-password-reset';
import { NewPasswordFields } from '../../../features/auth/components/new-password-fields';
import { applyServerErrors } from '../../../lib/form-errors';

type ResetInput = z.input<typeof passwordResetConfirmSchema>;
type ResetValues = z.output<typeof passwordResetConfirmSchema>;

export function ResetPasswordPage() {
  const { id = '', token = '' } = useParams();
  const confirmReset = useConfirmPasswordReset();
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [doneDetail, setDoneDetail] = useState<string | null>(null);
  const form = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(passwordResetConfirmSchema),
    defaultValues: { id, token, password: '', password_confirm: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      const answer = await confirmReset.mutateAsync(values);
      setDoneDetail(translateMessage(answer.detail));
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['password', 'password_confirm']));
    }
  });

  return (
    <PublicPage title="Reset Password">
      {doneDetail ? (
        <Stack>
          <Alert color="green" variant="light" role="status">
            {doneDetail}
          </Alert>
          <Anchor component={Link} to="/login">
            Sign In
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <FormAlert messages={formMessages} />
            <NewPasswordFields
              label="New Password"
              password={form.register('password')}
              confirm={form.register('password_confirm')}
              errors={{ password: errors.password?.message, confirm: errors.password_confirm?.message }}
            />
            <Button type="submit" loading={confirmReset.isPending} fullWidth>
              Reset Password
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
              Request a new reset link
            </Anchor>
          </Stack>
        </form>
      )}
    </PublicPage>
  );
}
