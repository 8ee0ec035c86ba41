import type { Transaction } from '@paylane/shared/contracts/payments';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useIdempotentFormSubmit } from '../../../lib/use-idempotent-form-submit';
import { useTakeMiscPayment, type MiscPaymentInput } from '../api/take-misc-payment';

const formFields = ['customer_id', 'amount', 'method_kind', 'description', 'note'] as const;

/** Said under a lost answer: sending again is safe because the key is the same. */
export const noAnswerMessage =
  'The payment may or may not have been recorded. Take Payment again: the same payment is never recorded twice.';

/** Sends the form as one payment attempt with its own Idempotency-Key (see useIdempotentFormSubmit). */
export function useMiscPaymentSubmit(merchantId: string, form: UseFormReturn<MiscPaymentInput>) {
  const take = useTakeMiscPayment(merchantId);
  const [taken, setTaken] = useState<Transaction | null>(null);
  const { submit, formMessages } = useIdempotentFormSubmit({
    form,
    formFields,
    noAnswerMessage,
    send: (input, idempotencyKey) => take.mutateAsync({ idempotencyKey, input }),
    onAnswer: (answer) => {
      setTaken(answer);
      return [];
    },
  });
  return { submit, formMessages, taken, isPending: take.isPending };
}
