import type { ChatMessage } from '@paylane/shared/contracts/messages';
import { calendarDay, formatDayHeading } from '../../lib/date-time';

// How a conversation reads (issue 20 item 2): a separator for each of the merchant's calendar days, and messages
// of one sender written close together grouped under one name, as messaging apps do.

/** Messages further apart than this start a new group even from the same sender. */
const GROUP_GAP_MS = 5 * 60_000;

export type ChatRow =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage; isGroupStart: boolean };

/** Who wrote it, as far as the answer tells (a sender has a name, not an id). */
function senderOf(message: ChatMessage): string {
  if (message.direction === 'inbound') return 'customer';
  if (!message.sender) return 'automated';
  return `${message.sender.first_name} ${message.sender.last_name}/${message.sender.roles.join(',')}`;
}

function continuesGroup(previous: ChatMessage, message: ChatMessage): boolean {
  return (
    previous.direction === message.direction &&
    senderOf(previous) === senderOf(message) &&
    Date.parse(message.created) - Date.parse(previous.created) <= GROUP_GAP_MS
  );
}

/** The rows of a conversation, oldest first: day separators and messages, each marked when it starts a group. */
export function chatRows(messages: readonly ChatMessage[], now: Date, timeZone: string | null): ChatRow[] {
  const rows: ChatRow[] = [];
  let previous: ChatMessage | null = null;
  let previousDay: string | null = null;
  for (const message of messages) {
    const day = calendarDay(message.created, timeZone);
    const isNewDay = day !== previousDay;
    if (isNewDay)
      rows.push({ kind: 'day', key: `day-${day}`, label: formatDayHeading(message.created, now, timeZone) });
    const isGroupStart = isNewDay || previous === null || !continuesGroup(previous, message);
    rows.push({ kind: 'message', key: message.id, message, isGroupStart });
    previous = message;
    previousDay = day;
  }
  return rows;
}
