import { Anchor, Stack, Text } from '@mantine/core';
import type { CustomerAccount } from '@paylane/shared/contracts/customers';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { AccountCoBorrowers } from '../../../features/co-borrowers/components/account-co-borrowers';
import { LinkCoBorrowerModal } from '../../../features/co-borrowers/components/link-co-borrower-modal';
import { accountTitle } from '../../../features/customer-accounts/components/account-card';
import { formatFullName } from '../../../lib/format';
import { customerBasePath } from './customer-layout';
import { useCustomerPage } from './customer-page-context';
import { SectionTitle } from '../../../components/section-title';

/** Co-Borrowers: link and unlink people on the customer's own accounts; co-borrowed ones are read-only. */
export function CustomerCoBorrowersView() {
  const { merchantId, customer, canUpdateCustomer } = useCustomerPage();
  const [linking, setLinking] = useState<CustomerAccount | null>(null);
  const customerPath = (id: string) => customerBasePath(merchantId, id);
  const own = customer.accounts.filter((account) => account.role === 'primary');
  const coBorrowed = customer.accounts.filter((account) => account.role === 'co_borrower');
  if (customer.accounts.length === 0) {
    return <EmptyState title="No accounts yet." description="Co-borrowers are linked to an account." />;
  }
  return (
    <Stack gap="md">
      {own.map((account) => (
        <AccountCoBorrowers
          key={account.id}
          merchantId={merchantId}
          customerId={customer.id}
          accountId={account.id}
          title={accountTitle(account)}
          coBorrowers={account.co_borrowers}
          customerPath={customerPath}
          onLink={canUpdateCustomer ? () => setLinking(account) : undefined}
        />
      ))}
      {coBorrowed.length > 0 ? (
        <Stack gap="xs" component="section" aria-label="Accounts this customer co-borrows">
          <SectionTitle>Accounts this customer co-borrows</SectionTitle>
          <Stack gap={4} component="ul" m={0} pl="md">
            {coBorrowed.map((account) => (
              <Text key={account.id} component="li" size="sm">
                {`${accountTitle(account)}, primary borrower `}
                <Anchor component={Link} to={customerPath(account.primary_customer.id)}>
                  {formatFullName(account.primary_customer)}
                </Anchor>
              </Text>
            ))}
          </Stack>
        </Stack>
      ) : null}
      {linking ? (
        <LinkCoBorrowerModal
          merchantId={merchantId}
          customerId={customer.id}
          accountId={linking.id}
          accountLabel={accountTitle(linking)}
          onClose={() => setLinking(null)}
        />
      ) : null}
    </Stack>
  );
}
