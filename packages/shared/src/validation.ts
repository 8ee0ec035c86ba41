import { parsePhoneNumberWithError } from 'libphonenumber-js';
import { z } from 'zod';
import { validationMessages } from './validation-messages';

// The rules and messages of docs/product.md §5. The browser and the server validate with these same schemas,
// so both say the same words.
export { validationMessages } from './validation-messages';
export { emailSchema } from './email';

export const PASSWORD_MIN_LENGTH = 8;

/** A trimmed, non-empty string ('Required'); an empty value stops there, so it gets one message only. */
export const requiredString = () =>
  z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, { error: validationMessages.required, abort: true });

/** True when the password meets the rule of docs/product.md §5: 8+ characters, lower, upper, number and special. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export const passwordSchema = z
  .string({ error: validationMessages.required })
  .min(1, { error: validationMessages.required })
  .max(128, { error: validationMessages.maxLength })
  .refine(isStrongPassword, { error: validationMessages.password });

/** A new password typed twice; a mismatch is reported on password_confirm. */
export const newPasswordFields = {
  password: passwordSchema,
  password_confirm: z
    .string({ error: validationMessages.required })
    .min(1, { error: validationMessages.required }),
};

export function passwordsMatch(
  value: { password: string; password_confirm: string },
  ctx: z.RefinementCtx,
): void {
  if (value.password !== value.password_confirm) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirm'],
      message: validationMessages.passwordConfirmed,
    });
  }
}

/** Optional text fields: '' and absent both mean empty. */
export const optionalString = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: validationMessages.maxLength })
    .optional()
    .transform((value) => value ?? '');

/** US postal code: 5 digits or 5+4 (docs/product.md §5, 'later, US'). */
export const usPostalCodeSchema = requiredString().regex(/^\d{5}(-\d{4})?$/, {
  error: validationMessages.usPostalCode,
});

/** Phone numbers are US or CA only (docs/product.md §5); stored as E.164. */
export function toE164Phone(value: string): string | null {
  try {
    const phone = parsePhoneNumberWithError(value, 'US');
    const country = phone.country;
    if (!phone.isValid() || (country !== 'US' && country !== 'CA')) return null;
    return phone.number;
  } catch {
    return null;
  }
}

export const phoneSchema = requiredString()
  .max(20, { error: validationMessages.phone })
  .transform((value, ctx) => {
    const e164 = toE164Phone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: validationMessages.phone });
      return z.NEVER;
    }
    return e164;
  });

/** At least two words (docs/product.md §5 full_name). */
export const fullNameSchema = requiredString()
  .max(200, { error: validationMessages.maxLength })
  .refine((value) => value.split(/\s+/).filter(Boolean).length >= 2, { error: validationMessages.fullName });

export const ssnSchema = requiredString().regex(/^\d{9}$/, { error: validationMessages.ssnDigits });

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date as YYYY-MM-DD (the stored form of docs/product.md §5's date input). */
/** A UUID as our ids are written (any version): an id that is not one cannot name a row. */
const uuidSchema = z.uuid();
export function isUuid(value: string): boolean {
  return uuidSchema.safeParse(value).success;
}

export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const isoDateSchema = requiredString().refine(isIsoDate, { error: validationMessages.date });

/** Date of birth: a real date, not after today (UTC). */
export const dateOfBirthSchema = isoDateSchema.refine(
  (value) => value <= new Date().toISOString().slice(0, 10),
  { error: validationMessages.dobFuture },
);

/** One owner's share: 0–100 with at most two decimals. The total over owners is checked by the server. */
export const ownershipPercentageSchema = z.coerce
  .number({ error: validationMessages.ownershipInvalid })
  .min(0, { error: validationMessages.ownershipInvalid })
  .max(100, { error: validationMessages.ownershipInvalid })
  .refine(
    (value) =>
      Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    {
      error: validationMessages.ownershipInvalid,
    },
  );

/** True when the owners' shares add up to at most 100 % (compared in hundredths to avoid float drift). */
export function isOwnershipTotalValid(percentages: readonly number[]): boolean {
  const hundredths = percentages.reduce((sum, value) => sum + Math.round(value * 100), 0);
  return hundredths <= 10_000;
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

export const timeZoneSchema = requiredString().refine(isTimeZone, { error: validationMessages.timeZone });

/** A wall-clock time HH:MM (24 h), e.g. quiet hours. */
export const timeOfDaySchema = requiredString().regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: validationMessages.time,
});

/** Dollars typed by a person, at most two decimals, converted to integer cents. */
export const dollarsToCentsSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,9}(\.\d{1,2})?$/.test(value), { error: validationMessages.decimal })
  .transform((value) => Math.round(Number(value) * 100));

const textOf = (value: string | number) => String(value).trim();
/** What a person types into an amount field: text, or a number from a numeric input. */
export const decimalInput = z.union([z.string(), z.number()], { error: validationMessages.required });
export const isFilled = (value: string | number) => textOf(value) !== '';

/**
 * Dollars typed with two decimals → cents. Empty is `requiredMessage` ('Required' unless a form names it,
 * e.g. 'Amount Due is Required'); a negative amount gets `negativeMessage`.
 */
export const requiredDollarsSchema = ({
  requiredMessage = validationMessages.required,
  negativeMessage = validationMessages.decimal,
}: { requiredMessage?: string; negativeMessage?: string | undefined } = {}) =>
  decimalInput
    .refine(isFilled, { error: requiredMessage })
    .refine((value) => !(Number(textOf(value)) < 0), { error: negativeMessage })
    .pipe(dollarsToCentsSchema);

/** A fee percentage with two decimals (e.g. 2.95) converted to basis points (295). */
export const percentToBasisPointsSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value), { error: validationMessages.decimal })
  .transform((value) => Math.round(Number(value) * 100))
  .refine((bps) => bps <= 10_000, { error: validationMessages.percentage });

/** US states and territories for address forms (docs/product.md §9: includes DC and Puerto Rico). */
export const usStates = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'PR',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

export const usStateSchema = requiredString().refine(
  (value) => (usStates as readonly string[]).includes(value),
  {
    error: 'State is not valid',
  },
);

/** A phone that may be left empty ('' or null → null); otherwise the phone rule above, stored as E.164. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .max(20, { error: validationMessages.phone })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const e164 = toE164Phone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: validationMessages.phone });
      return z.NEVER;
    }
    return e164;
  });
