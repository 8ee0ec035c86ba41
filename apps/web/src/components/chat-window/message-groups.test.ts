import { describe, expect, it } from 'vitest';
import { chatMessage } from './chat-test-fixtures';
import { chatRows } from './message-groups';

const CHICAGO = 'America/Chicago';
// 10:30 AM on Saturday 11/28/2026 in Chicago.
const now = new Date('2026-11-28T16:30:00Z');
const at = (iso: string) => ({ created: iso });

const shape = (rows: ReturnType<typeof chatRows>) =>
  rows.map((row) =>
    row.kind === 'day' ? `— ${row.label}` : `${row.message.body}${row.isGroupStart ? ' (new group)' : ''}`,
  );

describe('chatRows', () => {
  it('separates the merchant’s calendar days and groups one sender’s messages written within 5 minutes', () => {
    const rows = chatRows(
      [
        chatMessage({ body: 'a', direction: 'inbound', sender: null, ...at('2026-11-27T20:00:00Z') }),
        chatMessage({ body: 'b', direction: 'inbound', sender: null, ...at('2026-11-27T20:04:00Z') }),
        // 11:50 PM Friday in Chicago (Saturday in UTC): still Yesterday, a new sender.
        chatMessage({ body: 'c', ...at('2026-11-28T05:50:00Z') }),
        chatMessage({ body: 'd', ...at('2026-11-28T05:52:00Z') }),
        // Another staff member, a minute later.
        chatMessage({
          body: 'e',
          sender: { first_name: 'Sam', last_name: 'Lee', roles: ['staff'] },
          ...at('2026-11-28T05:53:00Z'),
        }),
        // Past midnight in Chicago: a new day starts a new group, even from the same person.
        chatMessage({
          body: 'f',
          sender: { first_name: 'Sam', last_name: 'Lee', roles: ['staff'] },
          ...at('2026-11-28T06:01:00Z'),
        }),
        // Six minutes later: a new group.
        chatMessage({
          body: 'g',
          sender: { first_name: 'Sam', last_name: 'Lee', roles: ['staff'] },
          ...at('2026-11-28T06:07:00Z'),
        }),
        // An automation is not a person.
        chatMessage({ body: 'h', sender: null, ...at('2026-11-28T06:08:00Z') }),
      ],
      now,
      CHICAGO,
    );
    expect(shape(rows)).toEqual([
      '— Yesterday',
      'a (new group)',
      'b',
      'c (new group)',
      'd',
      'e (new group)',
      '— Today',
      'f (new group)',
      'g (new group)',
      'h (new group)',
    ]);
  });

  it('has no rows for no messages', () => {
    expect(chatRows([], now, CHICAGO)).toEqual([]);
  });
});
