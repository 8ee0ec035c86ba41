import { z } from 'zod';
import { validationMessages } from '../validation';
import { cursorPageOf } from './paging';
import { MAX_PAGE_SIZE } from './paging';

// The inbox (docs/product.md §2 Inbox screen, §3 Inbox entry, §7 Inbox and chat) and the home pages that list messages.

export const inboxSearchFields = ['name', 'external_id', 'phone'] as const;
export const inboxSearchFieldLabels: Record<(typeof inboxSearchFields)[number], string> = {
  name: 'Name',
  external_id: 'Customer ID',
  phone: 'Phone Number',
};

/**
 * The inbox's views (issue 20, not in the spec): Needs reply — the customer texted last and no staff member has
 * answered (a mass text or automation does not answer), oldest wait first; Unread; Mine — conversations I
 * answered last; All, the spec's list; Snoozed — put away until a time or the customer's next text. Snoozed
 * conversations stay out of Needs reply, Unread and Mine (and their counts) but keep their place in All. Every
 * view but Needs reply lists the newest conversation first.
 */
export const inboxViews = ['needs_reply', 'unread', 'mine', 'all', 'snoozed'] as const;
export type InboxView = (typeof inboxViews)[number];
export const inboxViewLabels: Record<InboxView, string> = {
  needs_reply: 'Needs reply',
  unread: 'Unread',
  mine: 'Mine',
  all: 'All',
  snoozed: 'Snoozed',
};

/** The longest snooze: past it a conversation is better resolved. */
export const MAX_SNOOZE_DAYS = 30;

/** POST /api/merchants/{id}/inbox/{customer_id}/snooze/: until when (an ISO time, in the future). */
export const snoozeInputSchema = z.object({
  until: z.iso.datetime({ offset: true, error: 'Enter a valid date and time' }),
});
export type SnoozeInput = z.infer<typeof snoozeInputSchema>;

/** GET /api/merchants/{id}/inbox/?cursor=&page_size=25&search=&field=&location=&view= (newest conversation first). */
export const inboxQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  search: z.string().trim().max(200).optional(),
  /** docs/product.md §2: the search-field dropdown, default Customer ID. */
  field: z.enum(inboxSearchFields).default('external_id'),
  /** A location id, or 'all' (docs/product.md §5: the filter is required; All Locations is a choice). */
  location: z.string().min(1, { error: validationMessages.required }).default('all'),
  view: z.enum(inboxViews).default('all'),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

/** docs/product.md §3 Inbox entry. */
export const inboxEntrySchema = z.object({
  customer_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  external_id: z.string().nullable(),
  last_message_body: z.string(),
  last_message_created: z.string(),
  unread_messages: z.number().int(),
  /** Who wrote the last message: the customer, a staff member (`last_message_sender_user_id`), or the system. */
  last_message_from: z.enum(['customer', 'staff', 'auto']),
  last_message_sender_user_id: z.string().nullable(),
  /** When the customer's unanswered texts began (Needs reply), null when nothing waits. */
  awaiting_reply_since: z.string().nullable(),
  /** Snoozed until then (or the customer's next text), null when not snoozed. */
  snoozed_until: z.string().nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;
export const inboxPageSchema = cursorPageOf(inboxEntrySchema);

/** Counted no further than this: the navigation shows "999+". */
export const INBOX_COUNT_CAP = 999;

/** GET /api/merchants/{id}/inbox/counts/: conversations waiting for a reply and unread, each at most the cap + 1. */
export const inboxCountsSchema = z.object({ needs_reply: z.number().int(), unread: z.number().int() });
export type InboxCounts = z.infer<typeof inboxCountsSchema>;

/** A row of the home pages (/missed-messages, /customer-replies, /auto-messages). */
export const messageListRowSchema = z.object({
  message_id: z.string(),
  customer_id: z.string(),
  account_id: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  external_id: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  error_message: z.string().nullable(),
  template_name: z.string().nullable(),
  created: z.string(),
});
export type MessageListRow = z.infer<typeof messageListRowSchema>;

/**
 * What the server pushes on /ws/inbox/{merchantId}/?token= (not in the spec; the inbox list updates live): a
 * conversation that changed (a new message moves it to the top; opening it clears the badge).
 */
export const inboxSocketEventSchema = z.object({ type: z.literal('conversation'), entry: inboxEntrySchema });
export type InboxSocketEvent = z.infer<typeof inboxSocketEventSchema>;
