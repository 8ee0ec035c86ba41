import { Alert, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useMerchantSettings } from '../../../features/merchant-settings/api/get-merchant-settings';
import { GeneralSettingsForm } from '../../../features/merchant-settings/components/general-settings-form';
import { SectionTitle } from '../../../components/section-title';
import { FormSkeleton } from '../../../components/form-skeleton';

/** /merchants/{merchantID}/settings/general (docs/product.md §2). */
export function GeneralSettingsPage() {
  const { merchantID = '' } = useParams();
  const settings = useMerchantSettings(merchantID);
  return (
    <Stack>
      <SectionTitle>General</SectionTitle>
      {settings.data ? (
        // Keyed by merchant so switching merchants starts a fresh form with that merchant's values.
        <GeneralSettingsForm key={merchantID} merchantId={merchantID} settings={settings.data} />
      ) : settings.isError ? (
        <Alert color="red" variant="light">
          The settings could not be loaded.
        </Alert>
      ) : (
        <FormSkeleton fields={6} />
      )}
    </Stack>
  );
}
