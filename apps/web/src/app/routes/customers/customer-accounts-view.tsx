import { Button, Group, Stack } from '@mantine/core';
import type { CustomerAccount } from '@paylane/shared/contracts/customers';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { AccountCard } from '../../../features/customer-accounts/components/account-card';
import { AccountFormModal } from '../../../features/customer-accounts/components/account-form-modal';
import { customerBasePath } from './customer-layout';
import { useCustomerPage } from './customer-page-context';

/** Account Details: the customer's own accounts, then those they co-borrow (read-only here). */
export function CustomerAccountsView() {
  const { merchantId, customer, canUpdateCustomer } = useCustomerPage();
  // undefined: closed; null: adding; an account: editing it.
  const [editing, setEditing] = useState<CustomerAccount | null | undefined>(undefined);
  const customerPath = (id: string) => customerBasePath(merchantId, id);
  return (
    <Stack gap="md">
      {canUpdateCustomer ? (
        <Group justify="flex-end">
          <Button onClick={() => setEditing(null)}>Add Account</Button>
        </Group>
      ) : null}
      {customer.accounts.length === 0 ? (
        <EmptyState title="No accounts yet." description="This customer has no accounts." />
      ) : (
        customer.accounts.map((account) => (
          <AccountCard
            key={account.id}
            account={account}
            customerPath={customerPath}
            onEdit={canUpdateCustomer && account.role === 'primary' ? () => setEditing(account) : undefined}
          />
        ))
      )}
      {editing !== undefined ? (
        <AccountFormModal
          merchantId={merchantId}
          customerId={customer.id}
          account={editing}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </Stack>
  );
}
