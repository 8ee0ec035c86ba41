import { translateMessage } from '@paylane/shared/messages';
import type { AutomationChoice } from '@paylane/shared/messaging';
import type { UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-error';
import { formFieldOf, type TemplateFormValues } from '../template-form-values';

/**
 * docs/product.md §8: template save errors appear on the form's fields ('Existing template name' under Name, 'A
 * template already exists for the chosen days' under the days). Returns the messages for the form's alert
 * (detail, non_field_errors, fields the form has not, such as 'Auto generated templates must remain
 * active'). 5xx and network failures return nothing: the generic toast covers them.
 */
export function showTemplateSaveErrors(
  error: unknown,
  setError: UseFormSetError<TemplateFormValues>,
  automation: AutomationChoice,
): string[] {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return [];
  const alert: string[] = [];
  if (error.detail) alert.push(translateMessage(error.detail));
  for (const text of error.nonFieldErrors ?? []) alert.push(translateMessage(text));
  let isFocused = false;
  for (const [serverField, texts] of Object.entries(error.fieldErrors ?? {})) {
    const message = texts.map((text) => translateMessage(text)).join(' ');
    const field = formFieldOf(serverField, automation);
    if (!field) {
      alert.push(message);
      continue;
    }
    setError(field, { type: 'server', message }, { shouldFocus: !isFocused });
    isFocused = true;
  }
  return alert;
}
