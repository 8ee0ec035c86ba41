import { Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { useSessionStatus } from '../../../lib/use-session-status';

export function NotFoundPage() {
  const navigate = useNavigate();
  const isSignedIn = useSessionStatus() === 'authenticated';
  return (
    <PublicPage title="Page Not Found">
      <Stack>
        <Text>The page you are looking for does not exist or has moved.</Text>
        {isSignedIn ? (
          <Button onClick={() => void navigate('/')}>Go to Dashboard</Button>
        ) : (
          <Button onClick={() => void navigate('/login')}>Go to Login</Button>
        )}
      </Stack>
    </PublicPage>
  );
}
