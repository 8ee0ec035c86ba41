import { z } from 'zod';
import { centsToDollars, formatPhone } from '../format';
import { messages } from '../messages';
import {
  dollarsToCentsSchema,
  optionalPhoneSchema,
  requiredString,
  timeOfDaySchema,
  timeZoneSchema,
  toE164Phone,
  validationMessages,
} from '../validation';

// GET/PUT /api/merchants/{id}/settings/ (docs/product.md §2 settings/general). Money travels as integer cents
// (docs/conventions.md §5); the form shows dollars (docs/product.md §5 'Amounts are dollars') and turns them into the cents the
// server takes, checking each field with the same rules and messages as the server.

/** $1.00 is the smallest payment a merchant may accept (docs/product.md §9). */
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

// The fields both the request and the form check as typed; '' means the merchant has none.
const nameText = requiredString().max(200, { error: validationMessages.maxLength });
const emailText = z
  .string()
  .trim()
  .max(254, { error: validationMessages.maxLength })
  .refine((value) => value === '' || isEmail(value), { error: validationMessages.email });
const websiteText = z
  .string()
  .trim()
  .max(200, { error: validationMessages.maxLength })
  .refine((value) => value === '' || isHttpUrl(value), { error: validationMessages.url });

const centsSchema = z
  .number({
    error: (issue) => (issue.input === undefined ? validationMessages.required : validationMessages.decimal),
  })
  .int({ error: validationMessages.decimal })
  .max(MAX_PAYMENT_CENTS, { error: validationMessages.decimal });
const minPaymentCentsSchema = centsSchema.min(MIN_PAYMENT_CENTS, { error: messages.paymentMinimum });

/** A maximum below the minimum is reported under the maximum, whatever the field is called there. */
function checkMaxAtLeastMin(
  amounts: { min: number; max: number | null | undefined; maxField: string },
  ctx: z.RefinementCtx,
): void {
  if (amounts.max !== null && amounts.max !== undefined && amounts.max < amounts.min) {
    ctx.addIssue({ code: 'custom', path: [amounts.maxField], message: messages.paymentMaxBelowMin });
  }
}

// PUT /api/merchants/{id}/settings/: the whole set, amounts in cents.
export const merchantSettingsUpdateSchema = z
  .object({
    name: nameText,
    email: emailText.optional().transform((value) => (value ?? '').toLowerCase()),
    phone: optionalPhoneSchema,
    website: websiteText.optional().transform((value) => value ?? ''),
    time_zone: timeZoneSchema,
    quiet_hours_start: timeOfDaySchema,
    quiet_hours_end: timeOfDaySchema,
    min_payment_amount_cents: minPaymentCentsSchema,
    max_payment_amount_cents: centsSchema.nullable().optional(),
  })
  .superRefine((value, ctx) =>
    checkMaxAtLeastMin(
      {
        min: value.min_payment_amount_cents,
        max: value.max_payment_amount_cents,
        maxField: 'max_payment_amount_cents',
      },
      ctx,
    ),
  );
export type MerchantSettingsUpdateInput = z.input<typeof merchantSettingsUpdateSchema>;
export type MerchantSettingsUpdate = z.output<typeof merchantSettingsUpdateSchema>;

/** Dollars as typed → integer cents; '' is null when optional, 'Required' otherwise. */
const dollarsSchema = (isRequired: boolean) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') {
        if (!isRequired) return null;
        ctx.addIssue({ code: 'custom', message: validationMessages.required });
        return z.NEVER;
      }
      const parsed = dollarsToCentsSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: validationMessages.decimal });
      return z.NEVER;
    });

/**
 * The general settings form: what a person types in (dollars, a national phone), the body of the PUT above
 * out, so the two cannot drift. Phone and email go as typed: the server stores them normalised (E.164,
 * lower case) and answers the stored values.
 */
export const generalSettingsFormSchema = z
  .object({
    name: nameText,
    email: emailText,
    phone: z
      .string()
      .trim()
      .max(20, { error: validationMessages.phone })
      .refine((value) => value === '' || toE164Phone(value) !== null, { error: validationMessages.phone }),
    website: websiteText,
    time_zone: timeZoneSchema,
    quiet_hours_start: timeOfDaySchema,
    quiet_hours_end: timeOfDaySchema,
    min_payment_amount: dollarsSchema(true).pipe(minPaymentCentsSchema),
    max_payment_amount: dollarsSchema(false).pipe(centsSchema.nullable()),
  })
  .superRefine((value, ctx) =>
    checkMaxAtLeastMin(
      { min: value.min_payment_amount, max: value.max_payment_amount, maxField: 'max_payment_amount' },
      ctx,
    ),
  )
  .transform(({ min_payment_amount, max_payment_amount, phone, ...rest }): MerchantSettingsUpdateInput => ({
    ...rest,
    phone: phone === '' ? null : phone,
    min_payment_amount_cents: min_payment_amount,
    max_payment_amount_cents: max_payment_amount,
  }));
export type GeneralSettingsFormInput = z.input<typeof generalSettingsFormSchema>;

/** Where the server's field names differ from the form's (the form holds dollars, the API cents). */
export const generalSettingsFieldByServerField: Record<string, keyof GeneralSettingsFormInput> = {
  min_payment_amount_cents: 'min_payment_amount',
  max_payment_amount_cents: 'max_payment_amount',
};

/** The form's values for saved settings: amounts as dollars, the phone as (###) ###-####. */
export function toGeneralSettingsForm(settings: MerchantSettings): GeneralSettingsFormInput {
  return {
    name: settings.name,
    email: settings.email,
    phone: formatPhone(settings.phone),
    website: settings.website,
    time_zone: settings.time_zone,
    quiet_hours_start: settings.quiet_hours_start,
    quiet_hours_end: settings.quiet_hours_end,
    min_payment_amount: centsToDollars(settings.min_payment_amount_cents),
    max_payment_amount:
      settings.max_payment_amount_cents === null ? '' : centsToDollars(settings.max_payment_amount_cents),
  };
}
