import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCreateMerchant } from '../../../features/merchants/api/create-merchant';
import { MerchantForm } from '../../../features/merchants/components/merchant-form';
import { newMerchantValues } from '../../../features/merchants/merchant-form-values';

/** /merchants/create (docs/product.md §2, super admins): after saving, the new merchant's page (logo upload is there). */
export function MerchantCreatePage() {
  const create = useCreateMerchant();
  const navigate = useNavigate();
  return (
    <Stack>
      <title>Create Merchant · Paylane</title>
      <Anchor component={Link} to="/merchants" size="sm">
        Back to Merchants
      </Anchor>
      <Title order={1}>Create Merchant</Title>
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
