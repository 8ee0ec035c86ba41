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

/** GET /api/merchants/{id}/inbox/?cursor=&page_size=25&search=&field=&location= (newest conversation first). */
export const inboxQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  search: z.string().trim().max(200).optional(),
  /** docs/product.md §2: the search-field dropdown, default Customer ID. */
  field: z.enum(inboxSearchFields).default('external_id'),
  /** A location id, or 'all' (docs/product.md §5: the filter is required; All Locations is a choice). */
  location: z.string().min(1, { error: validationMessages.required }).default('all'),
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
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;
export const inboxPageSchema = cursorPageOf(inboxEntrySchema);

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
