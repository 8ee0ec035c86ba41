import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { CustomerEditForm } from '../../../features/customers/components/customer-edit-form';
import { useCan } from '../../../features/profile/hooks/use-can';
import { QueryFallback } from '../../../components/query-fallback';
import { SectionTitle } from '../../../components/section-title';

/**
 * /merchants/{merchantID}/customers/{customerID}/detail: the customer's details inside the customer page.
 * Without updateCustomer (or once voided) the fields are shown read-only.
 */
export function CustomerEditPage() {
  const { merchantID = '', customerID = '' } = useParams();
  const navigate = useNavigate();
  const customerQuery = useCustomer(merchantID, customerID);
  const { data: customer } = customerQuery;
  const mayUpdate = useCan('updateCustomer', merchantID);
  if (!customer) return <QueryFallback query={customerQuery} />;
  const listPath = `/merchants/${encodeURIComponent(merchantID)}/customers`;
  const customerPath = `${listPath}/${encodeURIComponent(customer.id)}`;
  return (
    <Stack gap="md">
      <SectionTitle>Customer Details</SectionTitle>
      <CustomerEditForm
        key={customer.updated}
        merchantId={merchantID}
        customer={customer}
        canUpdate={mayUpdate && customer.voided_at === null}
        onSaved={() => {
          notifications.show({ color: 'green', message: 'Customer saved!', autoClose: 2000 });
          void navigate(customerPath);
        }}
        onVoided={() => {
          notifications.show({ color: 'green', message: 'Customer voided.', autoClose: 2000 });
          void navigate(listPath);
        }}
      />
    </Stack>
  );
}
