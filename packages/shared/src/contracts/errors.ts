import { z } from 'zod';

// Error bodies (docs/conventions.md §4): 400 `{"<field>": ["message"]}` or `{"non_field_errors": [...]}`;
// 401/403/404/409/413/429 `{"detail": "message"}`.
export const detailErrorSchema = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailErrorSchema>;

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;
