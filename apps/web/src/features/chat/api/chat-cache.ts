// How a message that arrives (the send answer, a live event) joins the history already on screen.
import type { ChatMessage } from '@paylane/shared/contracts/messages';
import { isStatusForward } from '@paylane/shared/messaging';
import type { InfiniteData } from '@tanstack/react-query';

export type ChatPage = { next: string | null; previous: string | null; results: ChatMessage[] };
export type ChatHistory = InfiniteData<ChatPage>;

/**
 * A message already shown is replaced only when its status moves forward (a late 'sent' never overwrites
 * 'delivered', docs/conventions.md §5) or it gained a translation; a new one goes on top of the newest page.
 */
export function mergeChatMessage(history: ChatHistory | undefined, message: ChatMessage) {
  if (!history) return history;
  let isKnown = false;
  const pages = history.pages.map((page) => ({
    ...page,
    results: page.results.map((shown) => {
      if (shown.id !== message.id) return shown;
      isKnown = true;
      return replaces(shown, message) ? message : shown;
    }),
  }));
  if (isKnown) return { ...history, pages };
  const [newest, ...older] = pages;
  if (!newest) return { ...history, pages: [{ next: null, previous: null, results: [message] }] };
  const results = [message, ...newest.results].sort(newestFirst);
  return { ...history, pages: [{ ...newest, results }, ...older] };
}

function replaces(shown: ChatMessage, incoming: ChatMessage): boolean {
  if (isStatusForward(shown.status, incoming.status)) return true;
  if (shown.status !== incoming.status) return false;
  return (
    Object.keys(incoming.translations).length > Object.keys(shown.translations).length ||
    (incoming.error_code !== null && shown.error_code === null)
  );
}

const newestFirst = (a: ChatMessage, b: ChatMessage) =>
  a.created === b.created ? 0 : a.created < b.created ? 1 : -1;

/** Oldest first, as the window reads top to bottom. */
export const messagesOldestFirst = (history: ChatHistory | undefined): ChatMessage[] =>
  (history?.pages ?? []).flatMap((page) => page.results).reverse();

/** The newest message id held, for the socket's after= (what it has already seen). */
export const newestMessageId = (history: ChatHistory | undefined): string | null =>
  history?.pages[0]?.results[0]?.id ?? null;
