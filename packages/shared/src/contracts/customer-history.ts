import { z } from 'zod';
import { personRefSchema } from './customers';
import { cursorPageOf } from './paging';

// GET .../customers/{customer_id}/history/?cursor=&page_size= — newest first.
export const historyEventSchema = z.object({
  id: z.string(),
  /** 'customer.created', 'customer.updated', 'customer.voided', 'account.created', 'account.updated',
   * 'note.added', 'note.updated', 'co_borrower.linked', 'co_borrower.unlinked', 'customer.merged', ... */
  kind: z.string(),
  account_id: z.string().nullable(),
  actor: personRefSchema.nullable(),
  /** Updates: { field: [before, after] }; other kinds: the facts of the event (e.g. a note's body). */
  details: z.record(z.string(), z.unknown()),
  created: z.string(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;
export const historyPageSchema = cursorPageOf(historyEventSchema);
