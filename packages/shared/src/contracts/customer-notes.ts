import { z } from 'zod';
import { requiredString, validationMessages } from '../validation';
import { personRefSchema } from './customers';
import { pageOf } from './paging';

// Notes: GET/POST .../customers/{customer_id}/notes/, PUT .../notes/{note_id}/ (is_note_update_allowed).
export const customerNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  account_id: z.string().nullable(),
  author: personRefSchema.nullable(),
  created: z.string(),
  updated: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;
export const customerNotePageSchema = pageOf(customerNoteSchema);
export const customerNoteWriteSchema = z.object({
  body: requiredString().max(5000, { error: validationMessages.maxLength }),
  account: z.string().trim().optional().nullable(),
});
export type CustomerNoteWriteInput = z.input<typeof customerNoteWriteSchema>;
