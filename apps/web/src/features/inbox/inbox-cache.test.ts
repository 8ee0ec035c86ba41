import type { InboxEntry } from '@paylane/shared/contracts/inbox';
import { describe, expect, it } from 'vitest';
import type { InboxFilters } from './api/keys';
import { applyConversation, type InboxHistory } from './inbox-cache';

const entry = (id: string, extra: Partial<InboxEntry> = {}): InboxEntry => ({
  customer_id: id,
  first_name: id,
  last_name: 'Row',
  external_id: null,
  last_message_body: 'hi',
  last_message_created: '2026-11-23T15:00:00.000Z',
  unread_messages: 0,
  last_message_from: 'customer',
  last_message_sender_user_id: null,
  awaiting_reply_since: '2026-11-23T15:00:00.000Z',
  snoozed_until: null,
  ...extra,
});
const LATER = '2026-11-23T16:00:00.000Z';

const listOf = (ids: string[], next: string | null = null): InboxHistory => ({
  pages: [{ next, previous: null, results: ids.map((id) => entry(id)) }],
  pageParams: [null],
});
const idsOf = (list: InboxHistory | undefined) =>
  list?.pages.flatMap((page) => page.results.map((e) => e.customer_id));
const filters = (view: InboxFilters['view'], search = ''): InboxFilters => ({
  view,
  search,
  field: 'external_id',
  location: 'all',
});

describe('applyConversation', () => {
  it('All: a new message moves the row to the top; a read or status change leaves it in place', () => {
    const list = listOf(['a', 'b', 'c']);
    expect(
      idsOf(applyConversation(list, entry('c', { last_message_created: LATER }), filters('all'))),
    ).toEqual(['c', 'a', 'b']);
    const read = applyConversation(list, entry('c', { unread_messages: 0 }), filters('all'));
    expect(idsOf(read)).toEqual(['a', 'b', 'c']);
    expect(
      idsOf(applyConversation(list, entry('z', { last_message_created: LATER }), filters('all'))),
    ).toEqual(['z', 'a', 'b', 'c']);
  });

  it('a searched list only updates the rows it shows', () => {
    const list = listOf(['a', 'b']);
    const moved = applyConversation(
      list,
      entry('b', { last_message_created: LATER, last_message_body: 'new' }),
      filters('all', 'x'),
    );
    expect(idsOf(moved)).toEqual(['a', 'b']);
    expect(moved?.pages[0]?.results[1]?.last_message_body).toBe('new');
    expect(idsOf(applyConversation(list, entry('z'), filters('all', 'x')))).toEqual(['a', 'b']);
  });

  it('Needs reply: an answered row leaves, a new wait joins the end of a fully loaded list only', () => {
    const list = listOf(['a', 'b']);
    expect(
      idsOf(applyConversation(list, entry('a', { awaiting_reply_since: null }), filters('needs_reply'))),
    ).toEqual(['b']);
    expect(idsOf(applyConversation(list, entry('z'), filters('needs_reply')))).toEqual(['a', 'b', 'z']);
    expect(idsOf(applyConversation(listOf(['a', 'b'], 'more'), entry('z'), filters('needs_reply')))).toEqual([
      'a',
      'b',
    ]);
    // A new message from a waiting customer does not move their row: the wait began earlier.
    expect(
      idsOf(applyConversation(list, entry('b', { last_message_created: LATER }), filters('needs_reply'))),
    ).toEqual(['a', 'b']);
  });

  it('Unread takes in only conversations with unread texts', () => {
    const list = listOf(['a']);
    expect(
      idsOf(applyConversation(list, entry('z', { last_message_created: LATER }), filters('unread'))),
    ).toEqual(['a']);
    expect(
      idsOf(
        applyConversation(
          list,
          entry('z', { last_message_created: LATER, unread_messages: 1 }),
          filters('unread'),
        ),
      ),
    ).toEqual(['z', 'a']);
  });

  it('Snooze: the row leaves Needs reply and joins Snoozed in its place; woken, it goes back by its wait', () => {
    const at = (hour: number) => `2026-11-23T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const waiting = (id: string, hour: number, extra: Partial<InboxEntry> = {}) =>
      entry(id, { awaiting_reply_since: at(hour), last_message_created: at(hour), ...extra });
    const needsReply: InboxHistory = {
      pages: [{ next: null, previous: null, results: [waiting('a', 9), waiting('c', 11)] }],
      pageParams: [null],
    };
    const snoozedB = waiting('b', 10, { snoozed_until: at(20) });
    expect(idsOf(applyConversation(needsReply, snoozedB, filters('needs_reply')))).toEqual(['a', 'c']);
    expect(idsOf(applyConversation(needsReply, snoozedB, filters('unread')))).toEqual(['a', 'c']);
    // Woken: back between the waits it sits between, not at the end.
    expect(idsOf(applyConversation(needsReply, waiting('b', 10), filters('needs_reply')))).toEqual([
      'a',
      'b',
      'c',
    ]);
    const snoozed: InboxHistory = {
      pages: [{ next: null, previous: null, results: [waiting('z', 12, { snoozed_until: at(20) })] }],
      pageParams: [null],
    };
    expect(idsOf(applyConversation(snoozed, snoozedB, filters('snoozed')))).toEqual(['z', 'b']);
    expect(idsOf(applyConversation(snoozed, waiting('z', 12), filters('snoozed')))).toEqual([]);
    // All keeps it where it was, marked.
    const all = applyConversation(listOf(['a', 'b']), entry('b', { snoozed_until: at(20) }), filters('all'));
    expect(idsOf(all)).toEqual(['a', 'b']);
    expect(all?.pages[0]?.results[1]?.snoozed_until).toBe(at(20));
  });
});
