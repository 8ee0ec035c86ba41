import { z } from 'zod';
import { messages } from '../messages';
import { bodyTypes, DEFAULT_LANGUAGE, SMS_BODY_MAX, templateTypes, type TemplateType } from '../messaging';
import { validationMessages } from '../validation';
import { pageOf } from './paging';

// Message templates (docs/product.md §2 template list and edit, §3 Message template, §4 template edit, §5, §7).

export const messageBodySchema = z.object({
  language: z.string().trim().min(2).max(10).default(DEFAULT_LANGUAGE),
  body_type: z.enum(bodyTypes),
  message_body: z.string(),
});
export type MessageBodyInput = z.input<typeof messageBodySchema>;

export const templateTypeSchema = z.enum(templateTypes);

/** The template as the API answers it. */
export const messageTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: templateTypeSchema,
  active: z.boolean(),
  is_visible: z.boolean(),
  delta_days: z.number().int().nullable(),
  message_bodies: z.array(
    z.object({ language: z.string(), body_type: z.enum(bodyTypes), message_body: z.string() }),
  ),
  /** System types (docs/product.md §3): seeded per merchant, always active, never deleted. */
  is_system: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export const messageTemplatePageSchema = pageOf(messageTemplateSchema);

export const messageTemplateListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  type: templateTypeSchema.optional(),
  active: z.enum(['true', 'false']).optional(),
  /** Hidden templates (is_visible false: a compose flow's unsaved body, docs/product.md §9) are listed only when 'true'. */
  include_hidden: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
});

/**
 * POST create and PUT update (docs/product.md §7: name, message_bodies, type, description, active, is_visible,
 * delta_days). The server decides the stored type by the docs/product.md §4 rule (templateTypeOnSave); `type` is read only
 * to refuse changing a system template's type.
 */
export const messageTemplateWriteSchema = z.object({
  name: z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, { error: validationMessages.required })
    .max(120, { error: validationMessages.maxLength }),
  description: z.string().trim().max(500, { error: validationMessages.maxLength }).default(''),
  type: templateTypeSchema.optional(),
  active: z.boolean().default(true),
  is_visible: z.boolean().default(true),
  delta_days: z
    .number({ error: validationMessages.decimal })
    .int({ error: validationMessages.decimal })
    .min(-365)
    .max(365)
    .nullable()
    .default(null),
  message_bodies: z
    .array(messageBodySchema)
    .min(1, { error: messages.templateBodyRequired })
    .superRefine((bodies, context) => {
      bodies.forEach((body, index) => {
        if (body.body_type === 'TEXT' && body.message_body.length > SMS_BODY_MAX) {
          context.addIssue({ code: 'custom', message: messages.templateBodyTooLong, path: [index] });
        }
      });
      if (!bodies.some((body) => body.body_type === 'TEXT' && body.message_body.trim() !== '')) {
        context.addIssue({ code: 'custom', message: messages.templateBodyRequired });
      }
    }),
});
export type MessageTemplateWrite = z.input<typeof messageTemplateWriteSchema>;

/** POST .../message_templates/random_render/: a body filled with sample values (the preview tabs). */
export const randomRenderSchema = z.object({
  message_template_body: z.string().max(10_000),
  type: z.enum(bodyTypes).default('TEXT'),
});
/** POST .../message_templates/{id}/render/: the template filled for a real customer and account. */
export const templateRenderSchema = z.object({
  customer: z.string().min(1, { error: validationMessages.required }),
  account: z.string().nullable().optional(),
  type: z.enum(bodyTypes).default('TEXT'),
  language: z.string().optional(),
});
/**
 * POST .../message_templates/customer_render/: a body as written (a mass text's message) filled for a real
 * customer and their first active account, {{payment_link}} as a sample link (each recipient gets their own).
 */
export const customerRenderSchema = z.object({
  message_template_body: z.string().max(10_000),
  customer: z.string().min(1, { error: validationMessages.required }),
});
export type CustomerRender = z.input<typeof customerRenderSchema>;
export const renderAnswerSchema = z.object({ rendered_body: z.string() });
export type RenderAnswer = z.infer<typeof renderAnswerSchema>;

export function isTemplateType(value: string): value is TemplateType {
  return (templateTypes as readonly string[]).includes(value);
}
