import * as z from 'zod/mini';
import { validationMessages } from './validation-messages';

/**
 * An email address (docs/product.md §5): trimmed, required, at most 254 characters, stored lower-case.
 * Written with zod/mini, which bundles only the checks it uses, so the sign-in page validates it without zod's
 * whole classic core (docs/conventions.md §7); zod's classic schemas embed it like any other.
 */
export const emailSchema = z.pipe(
  z
    .string({ error: validationMessages.required })
    .check(
      z.trim(),
      z.minLength(1, { error: validationMessages.required, abort: true }),
      z.maxLength(254, { error: validationMessages.maxLength }),
    ),
  z.email({ error: validationMessages.email }).check(z.toLowerCase()),
);
