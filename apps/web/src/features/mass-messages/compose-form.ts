import { messageTemplateWriteSchema } from '@paylane/shared/contracts/message-templates';
import { sendCustomersMessageSchema } from '@paylane/shared/contracts/messages';
import { messages } from '@paylane/shared/messages';
import { validationMessages } from '@paylane/shared/validation';
import { z } from 'zod';

/** The compose modal's typed fields (docs/product.md §2/§3 mass message payload, §5 compose rules). */
export type ComposeFormValues = {
  message: string;
  batch_name: string;
  save_as_template: boolean;
  template_name: string;
};

export type ComposeRules = {
  /** docs/product.md §5: CSV import and group sending each need a batch name. */
  needsBatchName: boolean;
  /** The merchant's template names, lower case ('Existing template name'). */
  templateNames: ReadonlySet<string>;
};

export const normalizeTemplateName = (name: string) => name.trim().toLowerCase();

export function composeFormSchema(rules: ComposeRules) {
  return z
    .object({
      message: sendCustomersMessageSchema.shape.message,
      batch_name: z.string().max(200, { error: validationMessages.maxLength }),
      save_as_template: z.boolean(),
      template_name: z.string(),
    })
    .superRefine((values, context) => {
      if (rules.needsBatchName && values.batch_name.trim() === '') {
        context.addIssue({ code: 'custom', path: ['batch_name'], message: messages.batchNameRequired });
      }
      if (!values.save_as_template) return;
      const name = messageTemplateWriteSchema.shape.name.safeParse(values.template_name);
      if (!name.success) {
        context.addIssue({ code: 'custom', path: ['template_name'], message: name.error.issues[0]!.message });
      } else if (rules.templateNames.has(normalizeTemplateName(values.template_name))) {
        context.addIssue({ code: 'custom', path: ['template_name'], message: messages.templateNameTaken });
      }
    });
}

/** A batch sent to chosen customers needs no name from the user; the report still shows one. */
export function defaultBatchName(recipientCount: number, now = new Date()): string {
  const date = now.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
  return `Message to ${recipientCount} customer${recipientCount === 1 ? '' : 's'} · ${date}`;
}
