import { messages } from '@paylane/shared/messages';
import {
  dollarsToCentsSchema,
  emailSchema,
  requiredString,
  timeOfDaySchema,
  timeZoneSchema,
  toE164Phone,
  validationMessages,
} from '@paylane/shared/validation';
import { parsePhoneNumberWithError } from 'libphonenumber-js';
import { z } from 'zod';

// GET/PUT /api/merchants/{id}/settings/: the server speaks integer cents; the form shows dollars (spec §5
// 'Amounts are dollars') and checks with the same shared rules and messages as the server.

export const merchantSettingsSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  website: z.string(),
  time_zone: z.string(),
  quiet_hours_start: z.string(),
  quiet_hours_end: z.string(),
  min_payment_amount_cents: z.number().int(),
  max_payment_amount_cents: z.number().int().nullable(),
});
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;
export type MerchantSettingsUpdate = MerchantSettings;

/** $1.00 (spec §9 minimum payment). */
const MIN_PAYMENT_CENTS = 100;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const optional = (isValid: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || isValid(value), { error: message });

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

export const generalSettingsFormSchema = z
  .object({
    name: requiredString().max(200, { error: validationMessages.maxLength }),
    email: optional((value) => emailSchema.safeParse(value).success, validationMessages.email),
    phone: optional((value) => toE164Phone(value) !== null, validationMessages.phone),
    website: optional(isHttpUrl, validationMessages.url),
    time_zone: timeZoneSchema,
    quiet_hours_start: timeOfDaySchema,
    quiet_hours_end: timeOfDaySchema,
    min_payment_amount: dollarsSchema(true).pipe(
      z.number().min(MIN_PAYMENT_CENTS, { error: messages.paymentMinimum }),
    ),
    max_payment_amount: dollarsSchema(false),
  })
  .superRefine((value, ctx) => {
    const max = value.max_payment_amount;
    if (max !== null && max < value.min_payment_amount) {
      ctx.addIssue({ code: 'custom', path: ['max_payment_amount'], message: messages.paymentMaxBelowMin });
    }
  });
export type GeneralSettingsInput = z.input<typeof generalSettingsFormSchema>;
export type GeneralSettingsValues = z.output<typeof generalSettingsFormSchema>;

/** Server field names that differ from the form's (the form holds dollars, the API cents). */
export const serverFieldNames: Record<string, keyof GeneralSettingsInput> = {
  min_payment_amount_cents: 'min_payment_amount',
  max_payment_amount_cents: 'max_payment_amount',
};

const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

function nationalPhone(e164: string | null): string {
  if (!e164) return '';
  try {
    return parsePhoneNumberWithError(e164).formatNational();
  } catch {
    return e164;
  }
}

export function toFormInput(settings: MerchantSettings): GeneralSettingsInput {
  return {
    name: settings.name,
    email: settings.email,
    phone: nationalPhone(settings.phone),
    website: settings.website,
    time_zone: settings.time_zone,
    quiet_hours_start: settings.quiet_hours_start,
    quiet_hours_end: settings.quiet_hours_end,
    min_payment_amount: centsToDollars(settings.min_payment_amount_cents),
    max_payment_amount:
      settings.max_payment_amount_cents === null ? '' : centsToDollars(settings.max_payment_amount_cents),
  };
}

export function toUpdateBody(values: GeneralSettingsValues): MerchantSettingsUpdate {
  const { min_payment_amount, max_payment_amount, phone, ...rest } = values;
  return {
    ...rest,
    phone: phone === '' ? null : phone,
    min_payment_amount_cents: min_payment_amount,
    max_payment_amount_cents: max_payment_amount,
  };
}
