import { useCallback, useState } from 'react';

const draftKey = (merchantId: string, customerId: string) => `paylane.chat.draft.${merchantId}.${customerId}`;

function readDraft(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string, text: string): void {
  try {
    if (text) window.localStorage.setItem(key, text);
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or blocked: the draft lives only while the composer is open.
  }
}

/**
 * The message being written to one customer (issue 20): kept on this browser per conversation, so switching
 * conversations or reloading does not lose a half-written reply; sending clears it.
 */
export function useChatDraft(merchantId: string, customerId: string) {
  const key = draftKey(merchantId, customerId);
  const [body, setBodyState] = useState(() => readDraft(key));
  const setBody = useCallback(
    (next: string | ((current: string) => string)) =>
      setBodyState((current) => {
        const text = typeof next === 'function' ? next(current) : next;
        writeDraft(key, text);
        return text;
      }),
    [key],
  );
  return [body, setBody] as const;
}
