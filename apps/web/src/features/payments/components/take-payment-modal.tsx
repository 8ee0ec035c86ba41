import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import type { CardFeeAnswer } from '@paylane/shared/card-fees';
import type { CustomerAccount } from '@paylane/shared/contracts/customers';
import { formatCurrency } from '@paylane/shared/format';
import { useState } from 'react';
import { usePaymentMethods } from '../../payment-methods/api/list-payment-methods';
import { useAccountTransactions } from '../api/list-account-transactions';
import { TakePaymentForm } from './take-payment-form';

type Props = {
  merchantId: string;
  customerId: string;
  account: CustomerAccount;
  /** 'Account A-1'. */
  accountTitle: string;
  canWaiveFee: boolean;
  /** The card fee the account's payments answer carries (null: none; undefined: not loaded yet). */
  cardFee: CardFeeAnswer | null | undefined;
  onClose: () => void;
};

/** Mounted only while open, so every opening starts a fresh form and a fresh payment attempt. */
export function TakePaymentModal(props: Props) {
  const methods = usePaymentMethods(props.merchantId, props.customerId);
  return (
    <Modal opened onClose={props.onClose} title="Take Payment" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm" c="dimmed">
          {`${props.accountTitle} · Amount Due ${formatCurrency(props.account.amount_due_cents)}`}
        </Text>
        {methods.data ? (
          <TakePaymentForm
            merchantId={props.merchantId}
            customerId={props.customerId}
            account={props.account}
            // A method retired after a bank return is never offered (issue 18).
            methods={methods.data.results.filter((method) => !method.is_retired)}
            cardFee={props.cardFee}
            canWaiveFee={props.canWaiveFee}
            onClose={props.onClose}
          />
        ) : methods.isError ? (
          <Alert color="red" variant="light">
            The customer’s payment methods could not be loaded.
          </Alert>
        ) : (
          <Text size="sm">Loading payment methods…</Text>
        )}
      </Stack>
    </Modal>
  );
}

/**
 * 'Take Payment' outside the account's payments list (the inbox's customer panel). The card fee comes with the
 * account's payments answer, fetched when the modal opens (the customer page's list shares it through the cache).
 */
export function TakePaymentButton(props: Omit<Props, 'cardFee' | 'onClose'>) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" onClick={() => setOpen(true)} aria-label={`Take Payment on ${props.accountTitle}`}>
        Take Payment
      </Button>
      {isOpen ? <TakePaymentWithFee {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function TakePaymentWithFee(props: Omit<Props, 'cardFee'>) {
  const transactions = useAccountTransactions(props.merchantId, props.customerId, props.account.id);
  return <TakePaymentModal {...props} cardFee={transactions.data?.card_fee} />;
}
