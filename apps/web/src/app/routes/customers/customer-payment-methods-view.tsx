import { EmptyState } from '../../../components/empty-state';
import { usePaymentMethods } from '../../../features/payment-methods/api/list-payment-methods';
import { PaymentMethodsTable } from '../../../features/payment-methods/components/payment-methods-table';
import { QueryFallback } from '../merchant-setup/setup-page';
import { useCustomerPage } from './customer-page-context';

/** Payment Methods: the customer's saved cards and bank accounts (adding them comes with payments). */
export function CustomerPaymentMethodsView() {
  const { merchantId, customer } = useCustomerPage();
  const { data, isError } = usePaymentMethods(merchantId, customer.id);
  if (!data) return <QueryFallback isError={isError} />;
  if (data.results.length === 0) {
    return (
      <EmptyState
        title="No payment methods yet."
        description="Cards and bank accounts the customer saves will show here."
      />
    );
  }
  return <PaymentMethodsTable methods={data.results} />;
}
