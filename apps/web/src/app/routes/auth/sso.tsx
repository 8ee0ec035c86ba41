import { Anchor, Stack, Text } from '@mantine/core';
import { messages } from '@paylane/shared/messages';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { exchangeSsoToken } from '../../../features/auth/api/exchange-sso-token';
import { errorDetailText } from '../../../lib/notify';
import { signIn } from '../../../lib/session';

/**
 * /sso?id=&token=[&account_id=]: exchanges the single-use link for a session, then opens home. It runs as a
 * loader (once per navigation) so the single-use token is never spent twice by a re-render.
 * account_id is accepted but not used yet: the customer screens it would open arrive later.
 */
export async function ssoLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get('id')?.trim();
  const token = params.get('token')?.trim();
  if (!id || !token) return { error: 'This sign-in link is incomplete.' };
  try {
    signIn(await exchangeSsoToken({ id, token }));
  } catch (error) {
    return { error: errorDetailText(error) || messages.genericError };
  }
  throw redirect('/');
}

export function SsoPage() {
  const { error } = useLoaderData<typeof ssoLoader>();
  return (
    <PublicPage title="Single Sign-On">
      <Stack>
        <FormAlert messages={[error]} />
        <Text size="sm">The sign-in link could not be used. It may have expired or been used already.</Text>
        <Anchor component={Link} to="/login">
          Go to Login
        </Anchor>
      </Stack>
    </PublicPage>
  );
}
