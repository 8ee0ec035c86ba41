import { Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { logout } from '../../../lib/session';
import { useSessionStatus } from '../../../lib/use-session-status';

/** Where a signed-in user with no role lands (docs/product.md §2). */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  const isSignedIn = useSessionStatus() === 'authenticated';
  return (
    <PublicPage title="Unauthorized">
      <Stack>
        <Text>
          Your account does not have a role in any merchant yet, so there is nothing here you can open. Ask an
          administrator to give you access.
        </Text>
        {isSignedIn ? (
          <Button onClick={() => void logout('user')}>Logout</Button>
        ) : (
          <Button onClick={() => void navigate('/login')}>Go to Login</Button>
        )}
      </Stack>
    </PublicPage>
  );
}
