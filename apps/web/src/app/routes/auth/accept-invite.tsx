import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { userInviteAcceptSchema } from '@paylane/shared/contracts/merchant-users';
import { translateMessage } from '@paylane/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { NewPasswordFields } from '../../../features/auth/components/new-password-fields';
import { useAcceptUserInvite } from '../../../features/merchant-users/api/accept-user-invite';
import { useUserInvite } from '../../../features/merchant-users/api/get-user-invite';
import { applyServerErrors } from '../../../lib/form-errors';
import { errorDetailText } from '../../../lib/notify';
import { FormSkeleton } from '../../../components/form-skeleton';

type AcceptInput = z.input<typeof userInviteAcceptSchema>;
type AcceptValues = z.output<typeof userInviteAcceptSchema>;

/** /user-invite/{id}/{token}: the invited user sets a password, then signs in on /login. */
export function AcceptInvitePage() {
  const { id = '', token = '' } = useParams();
  const invite = useUserInvite(id, token);

  return (
    <PublicPage title="Accept Invitation">
      {invite.isPending ? (
        <FormSkeleton fields={2} label="Loading invitation" />
      ) : invite.isError ? (
        <Stack>
          <FormAlert messages={[errorDetailText(invite.error) || 'This invitation could not be loaded.']} />
          <Text size="sm">The invitation may have expired or been used already. Ask for a new one.</Text>
          <Anchor component={Link} to="/login">
            Go to Login
          </Anchor>
        </Stack>
      ) : (
        <Stack>
          <Text>
            Set a password for {invite.data.email} to join {invite.data.organization || 'Paylane'}.
          </Text>
          <SetPasswordForm id={id} token={token} />
        </Stack>
      )}
    </PublicPage>
  );
}

function SetPasswordForm({ id, token }: { id: string; token: string }) {
  const navigate = useNavigate();
  const accept = useAcceptUserInvite();
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<AcceptInput, unknown, AcceptValues>({
    resolver: zodResolver(userInviteAcceptSchema),
    defaultValues: { password: '', password_confirm: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      const answer = await accept.mutateAsync({ id, token, password: values });
      notifications.show({ color: 'green', message: translateMessage(answer.detail) });
      await navigate('/login', { replace: true });
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['password', 'password_confirm']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormAlert messages={formMessages} />
        <NewPasswordFields
          label="Password"
          password={form.register('password')}
          confirm={form.register('password_confirm')}
          errors={{ password: errors.password?.message, confirm: errors.password_confirm?.message }}
        />
        <Button type="submit" loading={accept.isPending} fullWidth>
          Set Password
        </Button>
      </Stack>
    </form>
  );
}
