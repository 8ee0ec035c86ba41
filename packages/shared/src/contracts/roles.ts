import { z } from 'zod';
import { messages } from '../messages';
import { permissionFlags, type PermissionFlag } from '../permissions';
import { dollarsToCentsSchema, optionalString, requiredString, validationMessages } from '../validation';
import { pageQuerySchema } from './paging';

// Custom roles of a merchant (docs/product.md §2 settings/roles, §3 Custom role). Payment limits travel in dollars, as
// the spec's field names and docs/product.md §5 ('Amounts are dollars') say; the server stores integer cents.

export type RoleFlags = Record<PermissionFlag, boolean>;

const flagShape = (flag: z.ZodBoolean) =>
  Object.fromEntries(permissionFlags.map((name) => [name, flag])) as Record<PermissionFlag, z.ZodBoolean>;

/** Every flag as a boolean, plus has_access: the flags that are true (the spec names both forms). */
export const rolePermissionsSchema = z.object({
  ...flagShape(z.boolean()),
  has_access: z.array(z.enum(permissionFlags)),
});
export type RolePermissions = z.infer<typeof rolePermissionsSchema>;

export const roleSettingsSchema = z.object({
  /** Dollars; null means no limit of the role's own. */
  min_merchant_payment_amount: z.number().nullable(),
  max_merchant_payment_amount: z.number().nullable(),
});
export type RoleSettings = z.infer<typeof roleSettingsSchema>;

export const roleSchema = z.object({
  id: z.string(),
  role_name: z.string(),
  role_description: z.string(),
  permissions: rolePermissionsSchema,
  settings: roleSettingsSchema,
  /** Users of the merchant holding this role (a role in use cannot be deleted). */
  user_count: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

// GET /api/merchants/{id}/roles/
export const rolesQuerySchema = pageQuerySchema;

/** A flag absent from both forms is false; a flag listed in has_access is true. */
const permissionsInputSchema = z
  .object({
    ...(Object.fromEntries(permissionFlags.map((name) => [name, z.boolean().optional()])) as Record<
      PermissionFlag,
      z.ZodOptional<z.ZodBoolean>
    >),
    has_access: z.array(z.enum(permissionFlags)).optional(),
  })
  .optional()
  .transform((input): RoleFlags => {
    const listed = new Set(input?.has_access ?? []);
    const entries = permissionFlags.map((flag) => [flag, input?.[flag] === true || listed.has(flag)]);
    return Object.fromEntries(entries) as RoleFlags;
  });

/** Dollars as typed ('12.50' or 12.5) → integer cents; '', null or absent → null (no limit). */
const optionalDollarsSchema = z
  .union([z.string(), z.number()], { error: validationMessages.decimal })
  .nullable()
  .optional()
  .transform((value) => (value === undefined || value === null || String(value).trim() === '' ? null : value))
  .pipe(dollarsToCentsSchema.nullable());

const settingsInputSchema = z
  .object({
    min_merchant_payment_amount: optionalDollarsSchema,
    max_merchant_payment_amount: optionalDollarsSchema,
  })
  .optional()
  .transform((input) => ({
    minCents: input?.min_merchant_payment_amount ?? null,
    maxCents: input?.max_merchant_payment_amount ?? null,
  }))
  .superRefine((value, ctx) => {
    if (value.minCents !== null && value.maxCents !== null && value.maxCents < value.minCents) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_merchant_payment_amount'],
        message: messages.roleMaxBelowMin,
      });
    }
  });

// POST /api/merchants/{id}/roles/ and PUT .../roles/{role_id}/ (the whole role).
export const roleWriteSchema = z.object({
  role_name: requiredString().max(100, { error: validationMessages.maxLength }),
  role_description: optionalString(500),
  permissions: permissionsInputSchema,
  settings: settingsInputSchema,
});
export type RoleWriteInput = z.input<typeof roleWriteSchema>;
export type RoleWrite = z.output<typeof roleWriteSchema>;
