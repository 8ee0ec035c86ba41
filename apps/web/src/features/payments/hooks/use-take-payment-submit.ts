import type { TakePaymentAnswer, Transaction } from '@paylane/shared/contracts/payments';
import { translateMessage } from '@paylane/shared/messages';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useIdempotentFormSubmit } from '../../../lib/use-idempotent-form-submit';
import { useTakePayment, type TakePaymentInput, type TakePaymentVariables } from '../api/take-payment';

const formFields = ['amount', 'payment_method', 'note', 'waive_fee'] as const;

/** Said under a lost answer: retrying is safe because the key is the same. */
export const noAnswerMessage =
  'The payment may or may not have gone through. Take Payment again: the same payment is never charged twice.';

type Input = {
  merchantId: string;
  customerId: string;
  accountId: string;
  form: UseFormReturn<TakePaymentInput>;
};

/**
 * Sends the form as one payment attempt (see useIdempotentFormSubmit): a lost answer (network, 5xx) is retried
 * with the same key, so a double click or a retry is one payment; a refusal (4xx), a decline or a taken payment
 * starts a new attempt with a new key.
 */
export function useTakePaymentSubmit({ merchantId, customerId, accountId, form }: Input) {
  const take = useTakePayment(merchantId, customerId);
  const [taken, setTaken] = useState<Transaction | null>(null);
  // A card-present payment waiting on the reader: the request as sent (sent again for the outcome) and its answer.
  const [onReader, setOnReader] = useState<{
    attempt: TakePaymentVariables;
    first: TakePaymentAnswer;
  } | null>(null);
  const { submit, formMessages } = useIdempotentFormSubmit({
    form,
    formFields,
    noAnswerMessage,
    send: (input, idempotencyKey) => take.mutateAsync({ accountId, idempotencyKey, input }),
    onAnswer: (answer, sent) => {
      if (answer.status === 'FAILED') return [declineMessage(answer)];
      if (answer.status === 'PENDING' && answer.reader)
        setOnReader({
          attempt: { accountId, idempotencyKey: sent.idempotencyKey, input: sent.values },
          first: answer,
        });
      else setTaken(answer);
      return [];
    },
  });

  return {
    submit,
    formMessages,
    taken,
    onReader,
    /** Back to the form after a card-present decline: the next submission is a new attempt (its own key). */
    leaveReader: () => setOnReader(null),
    isPending: take.isPending,
  };
}

/** A decline is an answer, not an error: the payment is FAILED with the processor's reason. */
export function declineMessage(transaction: Transaction): string {
  const reason = transaction.payment.failure_message ?? transaction.payment.failure_code;
  return reason ? `Payment failed: ${translateMessage(reason)}` : 'Payment failed.';
}
