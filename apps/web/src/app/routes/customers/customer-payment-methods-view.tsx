import { Stack } from '@mantine/core';
import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { usePaymentMethods } from '../../../features/payment-methods/api/list-payment-methods';
import { AddPaymentMethod } from '../../../features/payment-methods/components/add-payment-method';
import { PaymentMethodActions } from '../../../features/payment-methods/components/payment-method-actions';
import { PaymentMethodsTable } from '../../../features/payment-methods/components/payment-methods-table';
import { RenameMethodModal } from '../../../features/payment-methods/components/rename-method-modal';
import { QueryFallback } from '../../../components/query-fallback';
import { useCustomerPage } from './customer-page-context';

/**
 * Payment Methods: the customer's saved cards and bank accounts. Who may change the customer adds them
 * through the processor's hosted entry, renames and removes them (issue 16).
 */
export function CustomerPaymentMethodsView() {
  const { merchantId, customer, canUpdateCustomer } = useCustomerPage();
  const methods = usePaymentMethods(merchantId, customer.id);
  const { data } = methods;
  const [renaming, setRenaming] = useState<PaymentMethodOption | null>(null);
  if (!data) return <QueryFallback query={methods} />;
  return (
    <Stack gap="md">
      {canUpdateCustomer ? <AddPaymentMethod merchantId={merchantId} customerId={customer.id} /> : null}
      {data.results.length === 0 ? (
        <EmptyState
          title="No payment methods yet."
          description="Cards and bank accounts the customer saves will show here."
        />
      ) : (
        <PaymentMethodsTable
          methods={data.results}
          renderActions={
            canUpdateCustomer
              ? (method) => (
                  <PaymentMethodActions
                    merchantId={merchantId}
                    customerId={customer.id}
                    method={method}
                    onRename={() => setRenaming(method)}
                  />
                )
              : undefined
          }
        />
      )}
      {renaming ? (
        <RenameMethodModal
          merchantId={merchantId}
          customerId={customer.id}
          method={renaming}
          onClose={() => setRenaming(null)}
        />
      ) : null}
    </Stack>
  );
}
