import { Alert, Anchor, Divider, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from 'react-router';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import { useUpdateMerchant } from '../../../features/merchants/api/update-merchant';
import { MerchantForm } from '../../../features/merchants/components/merchant-form';
import { MerchantLogoUpload } from '../../../features/merchants/components/merchant-logo-upload';
import { StatusBadge } from '../../../components/status-badge';
import { toMerchantFormInput } from '../../../features/merchants/merchant-form-values';
import { PageHeader } from '../../../components/page-header';
import { FormSkeleton } from '../../../components/form-skeleton';

/** /merchants/{merchantID} (docs/product.md §2, super admins): the merchant's record, logo and onboarding link. */
export function MerchantDetailPage() {
  const { merchantID = '' } = useParams();
  const merchant = useMerchant(merchantID);
  const update = useUpdateMerchant(merchantID);

  if (!merchant.data) {
    return merchant.isError ? (
      <Alert color="red" variant="light">
        The merchant could not be loaded.
      </Alert>
    ) : (
      <FormSkeleton fields={8} />
    );
  }
  return (
    <Stack>
      <title>{`${merchant.data.name} · Paylane`}</title>
      <PageHeader
        title={merchant.data.name}
        backTo="/merchants"
        backLabel="Merchants"
        actions={
          <Anchor component={Link} to={`/onboarding/${merchantID}/summary`}>
            Onboarding Summary
          </Anchor>
        }
      >
        <Group mt={4}>
          <StatusBadge status={merchant.data.status} />
        </Group>
      </PageHeader>
      <MerchantLogoUpload merchant={merchant.data} />
      <Divider />
      {/* Keyed by merchant so opening another merchant starts a fresh form with its values. */}
      <MerchantForm
        key={merchantID}
        initial={toMerchantFormInput(merchant.data)}
        submitLabel="Save"
        confirmSave
        isSaving={update.isPending}
        onSave={(values) => update.mutateAsync(values)}
        onSaved={() => notifications.show({ color: 'green', message: 'Merchant saved', autoClose: 2000 })}
      />
    </Stack>
  );
}
