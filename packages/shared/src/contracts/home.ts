import { z } from 'zod';
import { messageBatchSchema } from './messages';

// Home's overview (docs/product.md §2 Home, `/`): what the merchant has and what its texts did lately, each figure
// leading to the page that lists it (the four home lists, the inbox, the message report).

/** How many days the overview's message figures look back. */
export const HOME_SUMMARY_DAYS = 30;

/** GET /api/merchants/{id}/home_summary/ */
export const homeSummarySchema = z.object({
  /** The start of the message figures' window (ISO), HOME_SUMMARY_DAYS before now. */
  since: z.string(),
  /** Live (not voided) customers. */
  customers: z.number().int(),
  accounts: z.object({
    active: z.number().int(),
    /** Active accounts due from today through the next 6 days (the merchant's calendar). */
    due_this_week: z.number().int(),
    /** Active accounts with an amount due and a due date before today. */
    past_due: z.number().int(),
  }),
  conversations: z.object({
    total: z.number().int(),
    /** The customer texted last and nobody has answered (/missed-messages). */
    waiting_for_reply: z.number().int(),
    /** Customers' texts nobody has opened yet (the inbox badges). */
    unread_messages: z.number().int(),
  }),
  /**
   * Texts in the window: received from customers, and sent to them by what the chat shows (docs/product.md §4 display:
   * Delivered, Sent, Queued, Failed to send). Canceled batch recipients and automation skips never left.
   */
  texts: z.object({
    received: z.number().int(),
    delivered: z.number().int(),
    sent: z.number().int(),
    queued: z.number().int(),
    failed: z.number().int(),
  }),
  /** Automation texts in the window (/auto-messages): handed to the provider, or skipped with a reason. */
  auto_messages: z.object({ sent: z.number().int(), skipped: z.number().int() }),
  /** The newest mass text with its progress (/message-report), or null before the first. */
  latest_batch: messageBatchSchema.nullable(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;
