import type { Refund, RefundPaymentInput } from '@paylane/shared/contracts/refunds';
import { translateMessage } from '@paylane/shared/messages';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { isShownOnForm } from '../../../lib/form-errors';
import { useRefundPayment } from '../api/refund-payment';

/** Said under a lost answer: sending again is safe because the key is the same. */
export const refundNoAnswerMessage =
  'The refund may or may not have gone through. Refund again: the same refund is never made twice.';

/** A source's field the server named (`sources.2.amount`), by the sent source's index. */
export type ServerSourceErrors = Record<number, { amount?: string; fee?: string }>;

/** The server's field errors: those of a source go beside it, the rest above the form. */
function splitErrors(fieldErrors: Record<string, string[]>) {
  const sources: ServerSourceErrors = {};
  const others: string[] = [];
  for (const [field, texts] of Object.entries(fieldErrors)) {
    const message = texts.map((text) => translateMessage(text)).join(' ');
    const match = /^sources\.(\d+)\.(amount|convenience_fee|transaction)$/.exec(field);
    if (!match) {
      others.push(message);
      continue;
    }
    const index = Number(match[1]);
    const slot = match[2] === 'convenience_fee' ? 'fee' : 'amount';
    sources[index] = { ...sources[index], [slot]: message };
  }
  return { sources, others };
}

/**
 * Sends the Refund modal as one refund attempt. The attempt keeps its Idempotency-Key until the server has
 * answered it for good: a lost answer (network, 5xx) is sent again with the same key, so a double click or a
 * retry is one refund; a refusal (4xx) or a made refund starts a new attempt with a new key.
 */
export function useRefundSubmit(merchantId: string) {
  const refund = useRefundPayment(merchantId);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [sourceErrors, setSourceErrors] = useState<ServerSourceErrors>({});
  const [refunded, setRefunded] = useState<Refund | null>(null);
  // A double click's second click lands before React re-renders the disabled button: refused here at once.
  const inFlight = useRef(false);

  const send = async (input: RefundPaymentInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFormMessages([]);
    setSourceErrors({});
    try {
      const answer = await refund.mutateAsync({ idempotencyKey, input });
      setIdempotencyKey(crypto.randomUUID());
      setRefunded(answer);
    } catch (error) {
      if (!isShownOnForm(error) || !isApiError(error)) setFormMessages([refundNoAnswerMessage]);
      else {
        setIdempotencyKey(crypto.randomUUID());
        const { sources, others } = splitErrors(error.fieldErrors ?? {});
        const general = [error.detail, ...(error.nonFieldErrors ?? [])].filter((text) => text !== undefined);
        setSourceErrors(sources);
        setFormMessages([...general.map((text) => translateMessage(text)), ...others]);
      }
    } finally {
      inFlight.current = false;
    }
  };

  /** Typing again clears what the server said about the previous attempt. */
  const clearServerErrors = () => setSourceErrors({});

  return { send, formMessages, sourceErrors, clearServerErrors, refunded, isPending: refund.isPending };
}
