import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCreateMerchant } from '../../../features/merchants/api/create-merchant';
import { MerchantForm } from '../../../features/merchants/components/merchant-form';
import { newMerchantValues } from '../../../features/merchants/merchant-form-values';
import { PageHeader } from '../../../components/page-header';

/** /merchants/create (docs/product.md §2, super admins): after saving, the new merchant's page (logo upload is there). */
export function MerchantCreatePage() {
  const create = useCreateMerchant();
  const navigate = useNavigate();
  return (
    <Stack>
      <title>Create Merchant · Paylane</title>
      <PageHeader title="Create Merchant" backTo="/merchants" backLabel="Merchants" />
      <MerchantForm
        initial={newMerchantValues}
        submitLabel="Create Merchant"
        confirmSave={false}
        isSaving={create.isPending}
        onSave={(values) => create.mutateAsync(values)}
        onSaved={(merchant) => void navigate(`/merchants/${merchant.id}`)}
      />
    </Stack>
  );
}
