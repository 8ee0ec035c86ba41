import { translateMessage } from '@paylane/shared/messages';
import { isApiError } from '../../../lib/api-error';

/** The messages of a refused autopay request (detail, non_field_errors and each field's), for the form's alert. */
export function autopayErrorMessages(error: unknown, fallback: string): string[] {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return [fallback];
  const messages = [
    ...(error.detail ? [error.detail] : []),
    ...(error.nonFieldErrors ?? []),
    ...Object.values(error.fieldErrors ?? {}).flat(),
  ];
  return messages.length > 0 ? messages.map((text) => translateMessage(text)) : [fallback];
}
