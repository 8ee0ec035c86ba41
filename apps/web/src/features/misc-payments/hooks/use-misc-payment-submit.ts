import type { Transaction } from '@paylane/shared/contracts/payments';
import { useRef, useState, type FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { applyServerErrors, isShownOnForm } from '../../../lib/form-errors';
import { useTakeMiscPayment, type MiscPaymentInput } from '../api/take-misc-payment';

const formFields = ['customer_id', 'amount', 'method_kind', 'description', 'note'] as const;

/** Said under a lost answer: sending again is safe because the key is the same. */
export const noAnswerMessage =
  'The payment may or may not have been recorded. Take Payment again: the same payment is never recorded twice.';

/**
 * Sends the form as one payment attempt with its own Idempotency-Key. A lost answer (network, 5xx) keeps the
 * key, so the retry answers the same payment; a refusal (4xx) starts a new attempt with a new key. A double
 * click's second click is refused here before it is sent.
 */
export function useMiscPaymentSubmit(merchantId: string, form: UseFormReturn<MiscPaymentInput>) {
  const take = useTakeMiscPayment(merchantId);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [taken, setTaken] = useState<Transaction | null>(null);
  const inFlight = useRef(false);

  const send = async (values: MiscPaymentInput) => {
    setFormMessages([]);
    try {
      setTaken(await take.mutateAsync({ idempotencyKey, input: values }));
      setIdempotencyKey(crypto.randomUUID());
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

  return { submit, formMessages, taken, isPending: take.isPending };
}
