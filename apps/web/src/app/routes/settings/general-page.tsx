import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useMerchantSettings } from '../../../features/merchant-settings/api/get-merchant-settings';
import { GeneralSettingsForm } from '../../../features/merchant-settings/components/general-settings-form';

/** /merchants/{merchantID}/settings/general (docs/product.md §2). */
export function GeneralSettingsPage() {
  const { merchantID = '' } = useParams();
  const settings = useMerchantSettings(merchantID);
  return (
    <Stack>
      <Title order={2} size="h3">
        General
      </Title>
      {settings.data ? (
        // Keyed by merchant so switching merchants starts a fresh form with that merchant's values.
        <GeneralSettingsForm key={merchantID} merchantId={merchantID} settings={settings.data} />
      ) : settings.isError ? (
        <Alert color="red" variant="light">
          The settings could not be loaded.
        </Alert>
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label="Loading" />
        </Center>
      )}
    </Stack>
  );
}
