import type { MessageTemplate, MessageTemplateWrite } from '@paylane/shared/contracts/message-templates';
import { messages } from '@paylane/shared/messages';
import {
  automationChoiceOf,
  DEFAULT_LANGUAGE,
  deltaDaysFor,
  hasCollectorName,
  SMS_BODY_MAX,
  templateTypeOnSave,
  type AutomationChoice,
  type BodyType,
} from '@paylane/shared/messaging';
import { messageTemplateWriteSchema } from '@paylane/shared/contracts/message-templates';
import { validationMessages } from '@paylane/shared/validation';
import { z } from 'zod';

/** What the edit form holds: the two bodies as typed and the automation as chosen (docs/product.md §2 template edit). */
export type TemplateFormValues = {
  name: string;
  message: string;
  email_message: string;
  automation: AutomationChoice;
  /** Days before or after the due date, as typed. */
  days: string;
};

/** docs/product.md §4: automation reaches at most a year either side of the due date (the server's bound too). */
export const MAX_AUTOMATION_DAYS = 365;

export const templateFormSchema = z
  .object({
    name: messageTemplateWriteSchema.shape.name,
    message: z.string().max(SMS_BODY_MAX, { error: messages.templateBodyTooLong }),
    email_message: z.string(),
    automation: z.enum(['none', 'before', 'on', 'after']),
    days: z.string(),
  })
  .superRefine((values, context) => {
    if (values.message.trim() === '') {
      context.addIssue({ code: 'custom', path: ['message'], message: validationMessages.required });
    }
    if (values.automation !== 'before' && values.automation !== 'after') return;
    const days = values.days.trim();
    // docs/product.md §5: delta days numeric. 'On due date' is 0; before and after need at least one day.
    if (!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > MAX_AUTOMATION_DAYS) {
      context.addIssue({ code: 'custom', path: ['days'], message: validationMessages.decimal });
    }
  });

const bodyOf = (template: MessageTemplate | null, type: BodyType) =>
  template?.message_bodies.find((body) => body.body_type === type && body.language === DEFAULT_LANGUAGE)
    ?.message_body ?? '';

export function toTemplateFormValues(template: MessageTemplate | null): TemplateFormValues {
  const { choice, days } = automationChoiceOf(template?.delta_days ?? null);
  return {
    name: template?.name ?? '',
    message: bodyOf(template, 'TEXT'),
    email_message: bodyOf(template, 'EMAIL'),
    automation: choice,
    days: choice === 'before' || choice === 'after' ? String(days) : '',
  };
}

/**
 * The PUT/POST body: the type by the docs/product.md §4 rule (templateTypeOnSave), a collector-name placeholder clears the
 * automation, other languages' bodies of an existing template are kept as they were.
 */
export function toTemplateWrite(
  values: TemplateFormValues,
  template: MessageTemplate | null,
): MessageTemplateWrite {
  const bodies = [values.message, values.email_message];
  const deltaDays = bodies.some(hasCollectorName)
    ? null
    : deltaDaysFor(values.automation, Number(values.days.trim() || 0));
  const others = (template?.message_bodies ?? []).filter((body) => body.language !== DEFAULT_LANGUAGE);
  const email = values.email_message.trim()
    ? [{ language: DEFAULT_LANGUAGE, body_type: 'EMAIL' as const, message_body: values.email_message }]
    : [];
  return {
    name: values.name.trim(),
    description: template?.description ?? '',
    type: templateTypeOnSave({ currentType: template?.type, deltaDays, bodies }),
    active: template?.active ?? true,
    is_visible: template?.is_visible ?? true,
    delta_days: deltaDays,
    message_bodies: [
      { language: DEFAULT_LANGUAGE, body_type: 'TEXT', message_body: values.message },
      ...email,
      ...others,
    ],
  };
}

/** Server field → form field, so 'A template already exists for the chosen days' shows under the days. */
export function formFieldOf(
  serverField: string,
  automation: AutomationChoice,
): keyof TemplateFormValues | null {
  switch (serverField) {
    case 'name':
      return 'name';
    case 'delta_days':
    case 'type':
      return automation === 'before' || automation === 'after' ? 'days' : 'automation';
    case 'message_bodies':
      return 'message';
    default:
      return null;
  }
}
