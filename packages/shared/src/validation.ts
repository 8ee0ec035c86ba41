import { z } from 'zod';

// The rules and messages of spec §5. The browser and the server validate with these same schemas,
// so both say the same words.
export const validationMessages = {
  required: 'Required',
  email: 'Email is not valid',
  date: 'Date is not valid',
  passwordConfirmed: 'Passwords do not match',
  password:
    'Password must be at least 8 characters with a lowercase letter, an uppercase letter, a number and a special character',
  phone: 'Phone number is not valid',
  postalCode: 'Invalid postal code',
  usPostalCode: 'Please enter a valid postal code (e.g., 12345 or 12345-6789)',
  fullName: 'This field must be a full name',
  presentOrFuture: "Must be today's date or later",
  url: 'Must be a valid URL',
  decimal: 'Field must contain only decimal values',
  maxLength: 'please use abreviations',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** A trimmed, non-empty string ('Required'). */
export const requiredString = () =>
  z.string({ error: validationMessages.required }).trim().min(1, { error: validationMessages.required });

export const emailSchema = requiredString()
  .max(254, { error: validationMessages.maxLength })
  .pipe(z.email({ error: validationMessages.email }))
  .transform((email) => email.toLowerCase());

/** True when the password meets the rule of spec §5: 8+ characters, lower, upper, number and special. */
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
