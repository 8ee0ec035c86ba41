import { Button, Group, Stack } from '@mantine/core';
import type { CustomerAccount } from '@paylane/shared/contracts/customers';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { AccountAutopay } from '../../../features/autopay/components/account-autopay';
import { AccountCard, accountTitle } from '../../../features/customer-accounts/components/account-card';
import { AccountFormModal } from '../../../features/customer-accounts/components/account-form-modal';
import { AccountPayments } from '../../../features/payments/components/account-payments';
import { useCan } from '../../../features/profile/hooks/use-can';
import { AccountPromises } from '../../../features/promises/components/account-promises';
import { PromiseToPayButton } from '../../../features/promises/components/promise-to-pay-button';
import { customerBasePath } from './customer-layout';
import { useCustomerPage } from './customer-page-context';

/**
 * Account Details: the customer's own accounts with their open promise and payments, then those they co-borrow
 * (read-only here).
 */
export function CustomerAccountsView() {
  const { merchantId, customer, canUpdateCustomer, timeZone } = useCustomerPage();
  const canWaiveFee = useCan('waivePaymentFee', merchantId);
  const canRefund = useCan('correctPayments', merchantId);
  const isVoided = customer.voided_at !== null;
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
          <Stack key={account.id} gap="sm">
            <AccountCard
              account={account}
              customerPath={customerPath}
              onEdit={canUpdateCustomer && account.role === 'primary' ? () => setEditing(account) : undefined}
            />
            <AccountAutopay
              merchantId={merchantId}
              account={{
                customerId: customer.id,
                accountId: account.id,
                amountDueCents: account.amount_due_cents,
                dueDate: account.due_date,
                isAutopayEnabled: account.autopay_enabled,
              }}
              accountTitle={accountTitle(account)}
              // Set up and stopped on the primary borrower's page, where the account's payments are taken.
              canChange={!isVoided && account.role === 'primary'}
            />
            {/* Payments are taken and listed on the primary borrower's page, where the account lives. */}
            {account.role === 'primary' ? (
              <>
                <AccountPromises
                  merchantId={merchantId}
                  customerId={customer.id}
                  accountId={account.id}
                  accountTitle={accountTitle(account)}
                  timeZone={timeZone}
                  canChange={!isVoided}
                />
                <AccountPayments
                  merchantId={merchantId}
                  customerId={customer.id}
                  account={account}
                  accountTitle={accountTitle(account)}
                  timeZone={timeZone}
                  canTakePayment={!isVoided}
                  canWaiveFee={canWaiveFee}
                  canRefund={canRefund}
                  moreActions={
                    // Promises to pay (issue 17 item 4) are made by whoever may take a payment here.
                    <PromiseToPayButton
                      merchantId={merchantId}
                      customerId={customer.id}
                      account={account}
                      accountTitle={accountTitle(account)}
                      timeZone={timeZone}
                    />
                  }
                />
              </>
            ) : null}
          </Stack>
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
