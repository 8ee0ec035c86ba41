import { z } from 'zod';
import {
  dateOfBirthSchema,
  emailSchema,
  fullNameSchema,
  optionalPhoneSchema,
  optionalString,
  ownershipPercentageSchema,
  ssnSchema,
  validationMessages,
} from '../validation';
import { usAddressFields } from './locations';
import { pageOf, pageQuerySchema } from './paging';

// Business owners of a merchant (docs/product.md §2 /merchants/{merchantID}/owners; §7 'business owners'). The SSN is
// write-only: answers carry only a mask of its last four digits. Ownership is a percent with two decimals;
// the server keeps the merchant's owners at 100 % or less in total.

export const ownerSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  title: z.string(),
  email: z.string(),
  /** E.164, or null. */
  phone: z.string().nullable(),
  /** '***-**-1234': the SSN itself is never answered. */
  ssn_masked: z.string(),
  /** YYYY-MM-DD */
  date_of_birth: z.string(),
  /** Percent with up to two decimals, e.g. 37.5. */
  ownership_percentage: z.number(),
  address_line1: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type Owner = z.infer<typeof ownerSchema>;
export const ownerPageSchema = pageOf(ownerSchema);

// GET /api/merchants/{id}/business_owners/
export const ownersQuerySchema = pageQuerySchema;
export type OwnersQuery = z.input<typeof ownersQuerySchema>;

/** Empty is 'Required' (a bare coerce would read '' as 0 %), then the share rule of docs/product.md §5. */
const ownershipInputSchema = z
  .union([z.string(), z.number()], { error: validationMessages.required })
  .refine((value) => String(value).trim() !== '', { error: validationMessages.required })
  .transform((value, ctx) => {
    const share = ownershipPercentageSchema.safeParse(value);
    if (share.success) return share.data;
    ctx.addIssue({ code: 'custom', message: validationMessages.ownershipInvalid });
    return z.NEVER;
  });

const ownerFields = {
  full_name: fullNameSchema,
  title: optionalString(100),
  email: emailSchema,
  phone: optionalPhoneSchema,
  date_of_birth: dateOfBirthSchema,
  ownership_percentage: ownershipInputSchema,
  ...usAddressFields,
};

// POST .../business_owners/: the SSN is required.
export const ownerCreateSchema = z.object({ ...ownerFields, ssn: ssnSchema });
export type OwnerCreateInput = z.input<typeof ownerCreateSchema>;
export type OwnerCreate = z.output<typeof ownerCreateSchema>;

/** On update an empty or absent SSN keeps the stored one. */
const replacementSsnSchema = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || /^\d{9}$/.test(value), { error: validationMessages.ssnDigits })
  .transform((value) => value || undefined);

// PUT .../business_owners/{owner_id}/ (the whole owner; ssn optional).
export const ownerUpdateSchema = z.object({ ...ownerFields, ssn: replacementSsnSchema });
export type OwnerUpdateInput = z.input<typeof ownerUpdateSchema>;
export type OwnerUpdate = z.output<typeof ownerUpdateSchema>;

/** The mask answered in place of the SSN. */
export const maskSsn = (last4: string) => `***-**-${last4}`;
