import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PaymentMove } from '@paylane/shared/contracts/payment-moves';
import { formatCurrency } from '@paylane/shared/format';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { customerLabel, CustomerPicker } from '../../../components/record-picker/customer-picker';
import type { PickerOption } from '../../../components/record-picker/picker-select';
import { AccountPicker } from '../../../features/duplicates/components/account-picker';
import { useCurrentMerchant } from '../../../features/merchants/hooks/use-current-merchant';
import { useMovePayment } from '../../../features/payment-moves/api/move-payment';
import {
  PaymentSourcePicker,
  usePaymentSource,
  type SourceIds,
} from '../../../features/payment-moves/components/payment-source-picker';
import { applyServerErrors } from '../../../lib/form-errors';
import { customerPagePath } from '../../../lib/page-paths';
import { PageHeader } from '../../../components/page-header';
import { FormSkeleton } from '../../../components/form-skeleton';

type Fields = { to_account?: string };

/** The server's answer: 'to_account' under the target picker, everything else above the form. */
function errorsOf(error: unknown) {
  const fields: Fields = {};
  const messages = applyServerErrors<{ to_account: string }>(
    error,
    (name, problem) => {
      if (name === 'to_account') fields.to_account = problem.message;
    },
    ['to_account'],
  );
  return { fields, messages };
}

/**
 * /customers/move-payment (docs/product.md §2): a payment taken on the wrong account moves to the right one, of
 * this customer or another. Opened from a payment row's 'Move Payment', it starts on that payment.
 */
export function MovePaymentPage() {
  const current = useCurrentMerchant();
  const merchantId = current.merchantId ?? '';
  const timeZone = current.merchant?.time_zone;
  const [params] = useSearchParams();
  const prefilledId = params.get('customer');
  const initial = { accountId: params.get('account'), paymentId: params.get('payment') };
  const prefilled = usePaymentSource(merchantId, prefilledId, initial);
  return (
    <Stack gap="md" maw={900}>
      <title>Move Payment · Paylane</title>
      <PageHeader
        title="Move Payment"
        description="Choose a payment taken on the wrong account and the account it belongs on. The amount due of the account it leaves goes back up, the other's goes down, and both customers' histories show the move."
      />
      {prefilledId && !prefilled.customer ? (
        <FormSkeleton fields={3} label="Loading the payment" />
      ) : (
        <MovePaymentForm
          merchantId={merchantId}
          timeZone={timeZone}
          initialCustomer={
            prefilled.customer
              ? { value: prefilled.customer.id, label: customerLabel(prefilled.customer) }
              : null
          }
          initialSource={prefilled.customer ? initial : { accountId: null, paymentId: null }}
        />
      )}
    </Stack>
  );
}

type FormProps = {
  merchantId: string;
  timeZone: string | undefined;
  initialCustomer: PickerOption | null;
  initialSource: SourceIds;
};

function MovePaymentForm({ merchantId, timeZone, initialCustomer, initialSource }: FormProps) {
  const [customer, setCustomer] = useState(initialCustomer);
  const [ids, setIds] = useState(initialSource);
  const [target, setTarget] = useState<PickerOption | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<PaymentMove | null>(null);
  const source = usePaymentSource(merchantId, customer?.value ?? null, ids);
  const move = useMovePayment(merchantId);
  const { fields, messages } = errorsOf(move.error);
  // A new choice is a new request: a new key, and the last answer no longer applies.
  const changed = () => {
    move.reset();
    setKey(crypto.randomUUID());
  };

  const confirm = () => {
    const { account, payment } = source;
    if (!customer || !account || !payment || !target) return;
    modals.openConfirmModal({
      title: 'Move Payment',
      children: (
        <Text size="sm">{`Are you sure you want to move the payment of ${formatCurrency(payment.payment.total_amount_cents)} (${payment.payment.method_label}) from Account ${account.external_id ?? '(no ID)'} to ${target.label}?`}</Text>
      ),
      labels: { confirm: 'Move', cancel: 'Cancel' },
      onConfirm: () =>
        move.mutate(
          {
            customerId: customer.value,
            accountId: account.id,
            paymentId: payment.id,
            targetAccountId: target.value,
            idempotencyKey: key,
          },
          {
            onSuccess: (answer) => {
              setDone(answer);
              setIds({ accountId: null, paymentId: null });
              setTarget(null);
              setKey(crypto.randomUUID());
            },
          },
        ),
    });
  };

  return (
    <Stack gap="md">
      {done ? <MovedPayment merchantId={merchantId} move={done} /> : null}
      <FormAlert messages={messages} />
      <CustomerPicker
        merchantId={merchantId}
        label="Customer"
        description="Whose account the payment was taken on"
        value={customer}
        onChange={(option) => {
          setCustomer(option);
          setIds({ accountId: null, paymentId: null });
          changed();
        }}
      />
      {customer ? (
        <PaymentSourcePicker
          source={source}
          timeZone={timeZone}
          onChange={(next) => {
            setIds(next);
            changed();
          }}
        />
      ) : null}
      <AccountPicker
        merchantId={merchantId}
        label="Move to account"
        description="The account the payment belongs on, of this customer or another"
        value={target}
        onChange={(option) => {
          setTarget(option);
          changed();
        }}
        error={fields.to_account}
      />
      <Group>
        <Button onClick={confirm} disabled={!source.payment || !target} loading={move.isPending}>
          Move Payment
        </Button>
      </Group>
    </Stack>
  );
}

function MovedPayment({ merchantId, move }: { merchantId: string; move: PaymentMove }) {
  const side = (account: PaymentMove['from_account']) =>
    `Account ${account.external_id ?? '(no ID)'} (${account.customer_name}, now ${formatCurrency(account.amount_due_cents)} due)`;
  return (
    // A plain bordered box: a light green alert's title and links fall below 4.5:1 contrast.
    <Paper withBorder p="md" role="status" aria-label="Payment moved">
      <Stack gap={4}>
        <Text fw={600}>Payment moved</Text>
        <Text size="sm">
          {`${formatCurrency(move.amount_cents)} moved from ${side(move.from_account)} to ${side(move.to_account)}.`}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to={customerPagePath(merchantId, move.from_account.customer_id)} size="sm">
            {`Open ${move.from_account.customer_name}`}
          </Anchor>
          {move.to_account.customer_id !== move.from_account.customer_id ? (
            <Anchor component={Link} to={customerPagePath(merchantId, move.to_account.customer_id)} size="sm">
              {`Open ${move.to_account.customer_name}`}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
