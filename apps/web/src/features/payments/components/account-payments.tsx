import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import type { CustomerAccount } from '@paylane/shared/contracts/customers';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { useState, type ReactNode } from 'react';
import { useAccountTransactions } from '../api/list-account-transactions';
import { AccountPaymentsTable } from './account-payments-table';
import { RequestPaymentModal } from './request-payment-modal';
import { RefundModal } from './refund-modal';
import { TakePaymentModal } from './take-payment-modal';

type Props = {
  merchantId: string;
  customerId: string;
  account: CustomerAccount;
  /** Shown as 'Account A-1' in the headings. */
  accountTitle: string;
  timeZone: string | undefined;
  /** False on a voided customer: nothing changes there. */
  canTakePayment: boolean;
  canWaiveFee: boolean;
  /** is_payment_refund_allowed (docs/product.md §6): the Refund action on each refundable payment. */
  canRefund?: boolean;
  /** More account actions the page puts beside Request Payment and Take Payment (Promise to Pay). */
  moreActions?: ReactNode;
};

/** One account's payments on the customer page, and 'Take Payment' on it (issue 16). */
export function AccountPayments(props: Props) {
  const { merchantId, customerId, account, accountTitle } = props;
  const [isTaking, setTaking] = useState(false);
  const [isRequesting, setRequesting] = useState(false);
  const [refunding, setRefunding] = useState<Transaction | null>(null);
  const transactions = useAccountTransactions(merchantId, customerId, account.id);
  const label = `Payments on ${accountTitle}`;
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Group justify="space-between">
        <Title order={3}>{label}</Title>
        {props.canTakePayment ? (
          <Group gap="xs">
            {props.moreActions}
            <Button
              size="xs"
              variant="default"
              onClick={() => setRequesting(true)}
              aria-label={`Request Payment on ${accountTitle}`}
            >
              Request Payment
            </Button>
            <Button size="xs" onClick={() => setTaking(true)} aria-label={`Take Payment on ${accountTitle}`}>
              Take Payment
            </Button>
          </Group>
        ) : null}
      </Group>
      {transactions.isError && !transactions.data ? (
        <Alert color="red" variant="light">
          The payments could not be loaded.
        </Alert>
      ) : (
        <AccountPaymentsTable
          label={label}
          transactions={transactions.data?.results}
          timeZone={props.timeZone}
          onRefund={props.canRefund && props.canTakePayment ? setRefunding : undefined}
          actions={{ merchantId, customerId, accountId: account.id }}
        />
      )}
      {isRequesting ? (
        <RequestPaymentModal
          merchantId={merchantId}
          customerId={customerId}
          account={account}
          accountTitle={accountTitle}
          timeZone={props.timeZone}
          onClose={() => setRequesting(false)}
        />
      ) : null}
      {refunding ? (
        <RefundModal
          merchantId={merchantId}
          payment={refunding}
          transactions={transactions.data?.results ?? []}
          timeZone={props.timeZone}
          onClose={() => setRefunding(null)}
        />
      ) : null}
      {isTaking ? (
        <TakePaymentModal
          merchantId={merchantId}
          customerId={customerId}
          account={account}
          accountTitle={accountTitle}
          canWaiveFee={props.canWaiveFee}
          cardFee={transactions.data?.card_fee}
          onClose={() => setTaking(false)}
        />
      ) : null}
    </Stack>
  );
}
