import { translateMessage } from '@paylane/shared/messages';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';

/**
 * Shows a 4xx answer on a form (docs/product.md §8: errors listed by field, translated through the catalogue):
 * messages for the form's own fields go under those fields; detail, non_field_errors and errors for fields
 * the form does not have come back to be shown above the form. 5xx and network errors return nothing:
 * the generic toast covers them.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string[] {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return [];
  const formMessages: string[] = [];
  if (error.detail) formMessages.push(translateMessage(error.detail));
  for (const text of error.nonFieldErrors ?? []) formMessages.push(translateMessage(text));
  for (const [field, texts] of Object.entries(error.fieldErrors ?? {})) {
    const message = texts.map((text) => translateMessage(text)).join(' ');
    const known = fields.find((name) => name === field);
    if (known) setError(known, { type: 'server', message }, { shouldFocus: true });
    else formMessages.push(message);
  }
  return formMessages;
}

/** True for the answers a form shows itself (see applyServerErrors). */
export const isShownOnForm = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500;
