import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { refundMessages } from '@paylane/shared/contracts/refunds';
import { formatCurrency } from '@paylane/shared/format';
import { useMemo, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { formatDateTime } from '../../../lib/date-time';
import { useRefundSubmit } from '../hooks/use-refund-submit';
import {
  checkRefund,
  hasErrors,
  initialDraft,
  refundCandidates,
  type SourceDraft,
  type SourceErrors,
} from '../refund-sources';
import { RefundConfirmation } from './refund-confirmation';
import { RefundSourceFields } from './refund-source-fields';

type Props = {
  merchantId: string;
  /** The payment the Refund action was chosen on. */
  payment: Transaction;
  /** The account's payments: the account's other PAID payments may be sources too. */
  transactions: readonly Transaction[];
  timeZone: string | undefined;
  onClose: () => void;
};

/** docs/product.md §3 Refund: mounted only while open, so every opening is a fresh refund attempt. */
export function RefundModal(props: Props) {
  return (
    <Modal opened onClose={props.onClose} title="Refund Payment" closeButtonProps={{ 'aria-label': 'Close' }}>
      <RefundForm {...props} />
    </Modal>
  );
}

function RefundForm({ merchantId, payment, transactions, timeZone, onClose }: Props) {
  const candidates = useMemo(() => refundCandidates(transactions, payment), [transactions, payment]);
  const [drafts, setDrafts] = useState<SourceDraft[]>(() =>
    candidates.map((candidate) => initialDraft(candidate, candidate.transaction.id === payment.id)),
  );
  const [isSubmitted, setSubmitted] = useState(false);
  const submit = useRefundSubmit(merchantId);
  const checked = checkRefund(payment, candidates, drafts);
  if (submit.refunded) return <RefundConfirmation refund={submit.refunded} onDone={onClose} />;

  // Amounts are checked as they are typed; a missing fee choice once the person tries to refund.
  const errorsAt = (i: number): SourceErrors => {
    const own = checked.errors[i] ?? {};
    const sent = checked.candidateOf.indexOf(i);
    const server = sent >= 0 ? submit.sourceErrors[sent] : undefined;
    return {
      amount: own.amount ?? server?.amount,
      fee: isSubmitted ? (own.fee ?? server?.fee) : server?.fee,
    };
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(checked.errors) || checked.isEmpty) return;
    void submit.send(checked.input);
  };
  const change = (i: number, draft: SourceDraft) => {
    submit.clearServerErrors();
    setDrafts((all) => all.map((old, j) => (j === i ? draft : old)));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Refund Payment">
      <Stack>
        <FormAlert
          messages={[
            ...submit.formMessages,
            ...(isSubmitted && checked.isEmpty ? [refundMessages.nothingToRefund] : []),
          ]}
        />
        {candidates.map((candidate, i) => (
          <RefundSourceFields
            key={candidate.transaction.id}
            candidate={candidate}
            draft={drafts[i]!}
            errors={errorsAt(i)}
            paidOn={formatDateTime(candidate.transaction.created, timeZone)}
            onChange={(draft) => change(i, draft)}
          />
        ))}
        <Text fw={600} aria-live="polite">{`Total ${formatCurrency(checked.totalCents)}`}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submit.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={submit.isPending}>
            {`Refund ${formatCurrency(checked.totalCents)}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
