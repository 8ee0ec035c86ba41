import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Navigate, useNavigate } from 'react-router';
import { CustomerCreateForm } from '../../../features/customers/components/customer-create-form';
import { useCurrentMerchantId } from '../../../features/merchants/hooks/use-current-merchant';
import { PageHeader } from '../../../components/page-header';

/** /customers/create (docs/product.md §2): a customer of the current merchant; refused for integrated merchants. */
export function CustomerCreatePage() {
  const merchantId = useCurrentMerchantId();
  const navigate = useNavigate();
  if (!merchantId) return <Navigate to="/" replace />;
  const base = `/merchants/${encodeURIComponent(merchantId)}/customers`;
  return (
    <Stack gap="md">
      <title>Create Customer · Paylane</title>
      <PageHeader title="Create Customer" backTo={base} backLabel="Customers" />
      <CustomerCreateForm
        key={merchantId}
        merchantId={merchantId}
        onCreated={(customer) => {
          notifications.show({ color: 'green', message: 'Customer created!', autoClose: 2000 });
          void navigate(`${base}/${encodeURIComponent(customer.id)}`);
        }}
      />
    </Stack>
  );
}
