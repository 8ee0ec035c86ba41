import { z } from 'zod';
import { permissionFlags } from '../permissions';

export const organizationSchema = z.object({ id: z.string(), name: z.string(), logo: z.string().nullable() });
export type Organization = z.infer<typeof organizationSchema>;

export const membershipSchema = z.object({
  merchant: organizationSchema,
  /** The custom role's name first when one is assigned, then standard roles ('admin', 'staff'). */
  roles: z.array(z.string()),
  custom_role: z.object({ id: z.string(), role_name: z.string() }).nullable(),
  /** The custom role's permission flags (docs/product.md §3); empty without a custom role. */
  permissions: z.partialRecord(z.enum(permissionFlags), z.boolean()),
});
export type Membership = z.infer<typeof membershipSchema>;

// GET /api/profile/ answers a page with one profile (the client reads results[0]).
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_super_admin: z.boolean(),
  is_partner: z.boolean(),
  /** Roles in `organization`; ["super_admin"] for super admins. Empty means the user may not use the app. */
  roles: z.array(z.string()),
  memberships: z.array(membershipSchema),
  /** The user's home merchant: the first membership, or null (super admins, partners). */
  organization: organizationSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
