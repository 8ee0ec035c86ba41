import { z } from 'zod';
import { messages } from '@paylane/shared/messages';
import {
  requiredString,
  timeOfDaySchema,
  timeZoneSchema,
  toE164Phone,
  validationMessages,
} from '@paylane/shared/validation';

// GET/PUT /api/merchants/{id}/settings/ (spec §2 settings/general). Money travels as integer cents
// (design.md §5); the web form shows dollars and converts.

/** $1.00 is the smallest payment a merchant may accept (spec §9). */
export const MIN_PAYMENT_CENTS = 100;
/** Nine digits of dollars, the most the shared dollars rule lets a person type. */
export const MAX_PAYMENT_CENTS = 99_999_999_999;

export const merchantSettingsSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** E.164, or null when the merchant has none. */
  phone: z.string().nullable(),
  website: z.string(),
  time_zone: z.string(),
  quiet_hours_start: z.string(),
  quiet_hours_end: z.string(),
  min_payment_amount_cents: z.number().int(),
  /** Null: no maximum. */
  max_payment_amount_cents: z.number().int().nullable(),
});
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;

const isEmail = (value: string) => z.email().safeParse(value).success;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Optional on the merchant: '' (or absent) clears it. */
const optionalEmailSchema = z
  .string()
  .trim()
  .max(254, { error: validationMessages.maxLength })
  .refine((value) => value === '' || isEmail(value), { error: validationMessages.email })
  .optional()
  .transform((value) => (value ?? '').toLowerCase());

const optionalWebsiteSchema = z
  .string()
  .trim()
  .max(200, { error: validationMessages.maxLength })
  .refine((value) => value === '' || isHttpUrl(value), { error: validationMessages.url })
  .optional()
  .transform((value) => value ?? '');

/** '', null or absent → null; otherwise a US/CA number, stored as E.164 (spec §5). */
const optionalPhoneSchema = z
  .string()
  .trim()
  .max(20, { error: validationMessages.phone })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const e164 = toE164Phone(value);
    if (!e164) ctx.addIssue({ code: 'custom', message: validationMessages.phone });
    return e164;
  });

const centsSchema = z
  .number({
    error: (issue) => (issue.input === undefined ? validationMessages.required : validationMessages.decimal),
  })
  .int({ error: validationMessages.decimal })
  .max(MAX_PAYMENT_CENTS, { error: validationMessages.decimal });

export const merchantSettingsUpdateSchema = z
  .object({
    name: requiredString().max(200, { error: validationMessages.maxLength }),
    email: optionalEmailSchema,
    phone: optionalPhoneSchema,
    website: optionalWebsiteSchema,
    time_zone: timeZoneSchema,
    quiet_hours_start: timeOfDaySchema,
    quiet_hours_end: timeOfDaySchema,
    min_payment_amount_cents: centsSchema.min(MIN_PAYMENT_CENTS, { error: messages.paymentMinimum }),
    max_payment_amount_cents: centsSchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const max = value.max_payment_amount_cents;
    if (max !== null && max !== undefined && max < value.min_payment_amount_cents) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_payment_amount_cents'],
        message: messages.paymentMaxBelowMin,
      });
    }
  });
export type MerchantSettingsUpdate = z.output<typeof merchantSettingsUpdateSchema>;
