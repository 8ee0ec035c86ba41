import { Select, Stack } from '@mantine/core';
import type { CustomerAccount } from '@paylane/shared/contracts/customers';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { formatCurrency } from '@paylane/shared/format';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/date-time';
import { customerQueryOptions } from '../../customers/api/get-customer';
import {
  accountTransactionsKey,
  listAccountTransactions,
} from '../../payments/api/list-account-transactions';

export type SourceIds = { accountId: string | null; paymentId: string | null };

/** 'Account ACC-1 · $125.50 due'. */
export const sourceAccountLabel = (account: Pick<CustomerAccount, 'external_id' | 'amount_due_cents'>) =>
  `Account ${account.external_id ?? '(no ID)'} · ${formatCurrency(account.amount_due_cents)} due`;

/** '07/04/2026 3:05 PM CDT · Cash · $60.00', on the merchant's clock. */
export const sourcePaymentLabel = (transaction: Transaction, timeZone: string | undefined) =>
  [
    formatDateTime(transaction.payment.paid_at ?? transaction.created, timeZone),
    transaction.payment.method_label,
    formatCurrency(transaction.payment.total_amount_cents),
  ].join(' · ');

/**
 * The customer's own accounts (payments live on the primary borrower's account), the chosen one's PAID
 * payments (only those can move), and the chosen payment; read only once a customer (and account) is chosen.
 */
export function usePaymentSource(merchantId: string, customerId: string | null, ids: SourceIds) {
  const customer = useQuery({
    ...customerQueryOptions(merchantId, customerId ?? ''),
    enabled: Boolean(customerId),
  });
  const accounts = (customer.data?.accounts ?? []).filter((account) => account.role === 'primary');
  const account = accounts.find((candidate) => candidate.id === ids.accountId) ?? null;
  const transactions = useQuery({
    queryKey: accountTransactionsKey(merchantId, customerId ?? '', account?.id ?? ''),
    queryFn: () => listAccountTransactions(merchantId, customerId ?? '', account?.id ?? ''),
    enabled: Boolean(customerId && account),
  });
  const paid = (transactions.data?.results ?? []).filter((transaction) => transaction.status === 'PAID');
  return {
    customer: customer.data ?? null,
    accounts,
    account,
    paid,
    payment: paid.find((transaction) => transaction.id === ids.paymentId) ?? null,
    isLoadingAccounts: customer.isLoading,
    isLoadingPayments: transactions.isLoading,
  };
}
export type PaymentSource = ReturnType<typeof usePaymentSource>;

type Props = {
  source: PaymentSource;
  /** The merchant's zone: payments are dated on its clock. */
  timeZone: string | undefined;
  onChange: (ids: SourceIds) => void;
  error?: string | undefined;
};

/** The account the payment was taken on, then the payment. */
export function PaymentSourcePicker({ source, timeZone, onChange, error }: Props) {
  return (
    <Stack gap="sm">
      <Select
        label="Account"
        description="The account the payment was taken on"
        placeholder={source.isLoadingAccounts ? 'Loading accounts…' : 'Choose an account'}
        data={source.accounts.map((account) => ({ value: account.id, label: sourceAccountLabel(account) }))}
        value={source.account?.id ?? null}
        onChange={(accountId) => onChange({ accountId, paymentId: null })}
        nothingFoundMessage="This customer has no accounts"
        comboboxProps={{ withinPortal: true }}
      />
      {source.account ? (
        <Select
          label="Payment"
          description="A paid payment on this account, newest first"
          placeholder={source.isLoadingPayments ? 'Loading payments…' : 'Choose a payment'}
          data={source.paid.map((payment) => ({
            value: payment.id,
            label: sourcePaymentLabel(payment, timeZone),
          }))}
          value={source.payment?.id ?? null}
          onChange={(paymentId) => onChange({ accountId: source.account?.id ?? null, paymentId })}
          nothingFoundMessage="No paid payments on this account"
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
    </Stack>
  );
}
