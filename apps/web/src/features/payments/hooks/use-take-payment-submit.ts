import type { TakePaymentAnswer, Transaction } from '@paylane/shared/contracts/payments';
import { translateMessage } from '@paylane/shared/messages';
import { useRef, useState, type FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { applyServerErrors, isShownOnForm } from '../../../lib/form-errors';
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
 * Sends the form as one payment attempt. The attempt keeps its Idempotency-Key until the server has answered
 * it for good: a lost answer (network, 5xx) is retried with the same key, so a double click or a retry is one
 * payment; a refusal (4xx), a decline or a taken payment starts a new attempt with a new key.
 */
export function useTakePaymentSubmit({ merchantId, customerId, accountId, form }: Input) {
  const take = useTakePayment(merchantId, customerId);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [taken, setTaken] = useState<Transaction | null>(null);
  // A card-present payment waiting on the reader: the request as sent (sent again for the outcome) and its answer.
  const [onReader, setOnReader] = useState<{
    attempt: TakePaymentVariables;
    first: TakePaymentAnswer;
  } | null>(null);
  // A double click's second click lands before React re-renders the disabled button: refused here at once.
  // (Were it sent, it would carry the same key and the server would answer the same payment.)
  const inFlight = useRef(false);

  const send = async (values: TakePaymentInput) => {
    setFormMessages([]);
    try {
      const attempt = { accountId, idempotencyKey, input: values };
      const answer = await take.mutateAsync(attempt);
      setIdempotencyKey(crypto.randomUUID());
      if (answer.status === 'FAILED') setFormMessages([declineMessage(answer)]);
      else if (answer.status === 'PENDING' && answer.reader) setOnReader({ attempt, first: answer });
      else setTaken(answer);
    } catch (error) {
      if (isShownOnForm(error)) {
        setIdempotencyKey(crypto.randomUUID());
        setFormMessages(applyServerErrors(error, form.setError, formFields));
      } else setFormMessages([noAnswerMessage]);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    void form
      .handleSubmit(send)(event)
      .finally(() => {
        inFlight.current = false;
      });
  };

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
