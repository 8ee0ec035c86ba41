import { Alert, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useIntegrations } from '../../../features/integrations/api/list-integrations';
import { IntegrationList } from '../../../features/integrations/components/integration-list';
import { SectionTitle } from '../../../components/section-title';
import { LinesSkeleton } from '../../../components/form-skeleton';

/** /merchants/{merchantID}/settings/integrations (docs/product.md §2; super admins). */
export function IntegrationsSettingsPage() {
  const { merchantID = '' } = useParams();
  const integrations = useIntegrations(merchantID);
  return (
    <Stack>
      <SectionTitle>Integrations</SectionTitle>
      <Text size="sm" c="dimmed">
        Turn the merchant&apos;s vendor integrations on or off. Credentials are entered on each vendor&apos;s
        tab.
      </Text>
      {integrations.data ? (
        <IntegrationList merchantId={merchantID} integrations={integrations.data.results} />
      ) : integrations.isError ? (
        <Alert color="red" variant="light">
          The integrations could not be loaded.
        </Alert>
      ) : (
        <LinesSkeleton lines={4} />
      )}
    </Stack>
  );
}
