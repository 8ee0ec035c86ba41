import { useRef, useState, type FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors, isShownOnForm } from './form-errors';

type Options<Values extends FieldValues, Answer> = {
  form: UseFormReturn<Values>;
  /** The form's own fields: the server's messages for them go under them, the rest above the form. */
  formFields: readonly Path<Values>[];
  /** Said under a lost answer (network, 5xx): sending again is safe because the key is the same. */
  noAnswerMessage: string;
  /** Sends the checked values under the attempt's Idempotency-Key. */
  send: (values: Values, idempotencyKey: string) => Promise<Answer>;
  /** What the form does with an answer to what was sent; the messages it returns show above the form. */
  onAnswer: (answer: Answer, sent: { values: Values; idempotencyKey: string }) => string[] | undefined;
};

/**
 * Submits a form that moves money as one attempt with its own Idempotency-Key (docs/conventions.md §4). A lost
 * answer keeps the key, so the retry answers the same attempt; an answer or a refusal (4xx) starts a new attempt
 * with a new key. A double click's second click lands before React re-renders the disabled button: it is
 * refused here at once (were it sent, it would carry the same key and the server would answer the same one).
 */
export function useIdempotentFormSubmit<Values extends FieldValues, Answer>(
  options: Options<Values, Answer>,
) {
  const { form, formFields, noAnswerMessage } = options;
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const inFlight = useRef(false);

  const send = async (values: Values) => {
    setFormMessages([]);
    try {
      const answer = await options.send(values, idempotencyKey);
      setIdempotencyKey(crypto.randomUUID());
      setFormMessages(options.onAnswer(answer, { values, idempotencyKey }) ?? []);
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

  return { submit, formMessages };
}
