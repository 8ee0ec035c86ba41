import { useHotkeys } from '@mantine/hooks';
import type { InboxEntry } from '@paylane/shared/contracts/inbox';

const isDialogOpen = () => document.querySelector('[role="dialog"]') !== null;

/** The row of a conversation in the list, to give it the focus. */
const rowOf = (customerId: string) =>
  document.querySelector<HTMLElement>(
    `[aria-label="Conversations"] [data-customer-id="${CSS.escape(customerId)}"]`,
  );

/**
 * The inbox by keyboard (issue 20): J/K (outside text fields) or Alt+↓/↑ (anywhere) open the next or previous
 * conversation, whose message box then has the focus; Esc goes back to the list, on the open conversation's row.
 */
export function useInboxKeys(input: {
  entries: InboxEntry[];
  selectedId: string | null;
  onSelect: (customerId: string) => void;
}) {
  const { entries, selectedId, onSelect } = input;
  const step = (by: 1 | -1) => (event: KeyboardEvent) => {
    if (isDialogOpen() || entries.length === 0) return;
    event.preventDefault();
    const at = entries.findIndex((entry) => entry.customer_id === selectedId);
    const next = entries[at === -1 ? 0 : Math.min(Math.max(at + by, 0), entries.length - 1)];
    if (next && next.customer_id !== selectedId) onSelect(next.customer_id);
  };
  const backToList = () => {
    if (isDialogOpen() || selectedId === null) return;
    rowOf(selectedId)?.focus();
  };
  useHotkeys([
    ['j', step(1)],
    ['k', step(-1)],
  ]);
  useHotkeys(
    [
      ['alt+ArrowDown', step(1)],
      ['alt+ArrowUp', step(-1)],
      ['Escape', backToList],
    ],
    [],
  );
}
