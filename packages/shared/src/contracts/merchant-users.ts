import { z } from 'zod';
import { messages } from '../messages';
import {
  emailSchema,
  newPasswordFields,
  passwordsMatch,
  requiredString,
  validationMessages,
} from '../validation';
import { pageQuerySchema } from './paging';

// The users of a merchant (docs/product.md §2 settings/users, §3 User) and the invite that brings one in.

export const merchantUserRoles = ['admin', 'staff'] as const;
export const merchantUserRoleSchema = z.enum(merchantUserRoles, { error: validationMessages.required });
export type MerchantUserRole = z.infer<typeof merchantUserRoleSchema>;

export const userStatuses = ['Pending', 'Active', 'Inactive'] as const;
export type UserStatus = (typeof userStatuses)[number];

// GET /api/merchants/{id}/users/
export const merchantUsersQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
});
export type MerchantUsersQuery = z.input<typeof merchantUsersQuerySchema>;

export const customRoleRefSchema = z.object({ id: z.string(), role_name: z.string() });
export type CustomRoleRef = z.infer<typeof customRoleRefSchema>;

export const merchantUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The custom role's name first when one is assigned, then the standard roles (show with displayRoles). */
  roles: z.array(z.string()),
  /** The standard role; null when the user took their own roles away by disabling themselves. */
  role: merchantUserRoleSchema.nullable(),
  custom_role: customRoleRefSchema.nullable(),
  created: z.string(),
  /** Invited and has not set a password yet. */
  is_pending: z.boolean(),
  is_active: z.boolean(),
  status: z.enum(userStatuses),
});
export type MerchantUser = z.infer<typeof merchantUserSchema>;

/** '' from a cleared select means no custom role. */
const customRoleIdSchema = z
  .union([z.literal(''), z.uuid()], { error: messages.customRoleInvalid })
  .nullable()
  .transform((value) => value || null);

const nameSchema = requiredString().max(150, { error: validationMessages.maxLength });

// POST /api/merchants/{id}/users/ — invites by email; the user sets a password through the emailed link.
export const userInviteCreateSchema = z.object({
  email: emailSchema,
  first_name: nameSchema,
  last_name: nameSchema,
  role: merchantUserRoleSchema,
  custom_role_id: customRoleIdSchema.optional(),
});
export type UserInviteCreate = z.input<typeof userInviteCreateSchema>;

// PUT /api/merchants/{id}/users/{user_id}/ — an absent field stays as it is; custom_role_id null removes it.
export const merchantUserUpdateSchema = z.object({
  role: merchantUserRoleSchema.optional(),
  custom_role_id: customRoleIdSchema.optional(),
});
export type MerchantUserUpdate = z.input<typeof merchantUserUpdateSchema>;

// GET /api/merchants/{id}/users/role_options/ — the custom roles a user manager may assign (they may not
// be allowed to read the roles settings themselves).
export const roleOptionsSchema = z.object({ results: z.array(customRoleRefSchema) });
export type RoleOptions = z.infer<typeof roleOptionsSchema>;

// GET /api/user-invites/{id}/{token}/ — what the set-password page shows.
export const userInviteSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  organization: z.string(),
});
export type UserInvite = z.infer<typeof userInviteSchema>;

// POST /api/user-invites/{id}/{token}/ — sets the password once.
export const userInviteAcceptSchema = z.object({ ...newPasswordFields }).superRefine(passwordsMatch);
export type UserInviteAccept = z.input<typeof userInviteAcceptSchema>;
