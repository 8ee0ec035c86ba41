import { Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PublicPage } from '../../../components/public-page';

/**
 * /freshbooks/auth/{code}: the accounting integration's OAuth callback. The integration is not built yet,
 * so the code is not exchanged or stored; the page says so rather than pretending to connect.
 */
export function FreshbooksAuthPage() {
  const navigate = useNavigate();
  return (
    <PublicPage title="FreshBooks connection">
      <Stack>
        <Text>
          The FreshBooks integration is not configured yet, so this connection was not completed and nothing
          was saved.
        </Text>
        <Button onClick={() => void navigate('/')}>Go to Dashboard</Button>
      </Stack>
    </PublicPage>
  );
}
