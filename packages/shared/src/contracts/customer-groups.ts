import { z } from 'zod';
import { validationMessages } from '../validation';
import { customerRefSchema } from './customers';
import { customerIdListSchema } from './id-lists';
import { pageOf } from './paging';

// Customer groups (docs/product.md §3 Customer group, §7 Groups): named sets of customers a mass text goes to.

/** In lists: the size, not the members (a group may hold thousands; the picker hides empty ones). */
export const customerGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  customer_count: z.number().int(),
  created: z.string(),
});
export type CustomerGroup = z.infer<typeof customerGroupSchema>;
export const customerGroupPageSchema = pageOf(customerGroupSchema);

/** GET .../customer_groups/{id}/: the group with its members' ids (docs/product.md §3 customer_m2m). */
export const customerGroupDetailSchema = customerGroupSchema.extend({
  customer_m2m: z.array(z.string()),
});
export type CustomerGroupDetail = z.infer<typeof customerGroupDetailSchema>;

export const customerGroupListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
});

const groupNameSchema = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, { error: validationMessages.required })
  .max(120, { error: validationMessages.maxLength });

// Member lists travel at most MAX_IDS_PER_REQUEST ids a request: a bigger group is created with the first
// slice and the rest added with POST .../members/.

/** POST create (docs/product.md §7: customers, name, find_by_external when from a CSV). */
export const createCustomerGroupSchema = z.object({
  name: groupNameSchema,
  /** Our customer ids, or the merchant's external ids with find_by_external. */
  customers: customerIdListSchema.default([]),
  find_by_external: z.boolean().default(false),
});
export type CreateCustomerGroup = z.input<typeof createCustomerGroupSchema>;

/** PUT update: a new name and/or the new member list (replaces it). */
export const updateCustomerGroupSchema = z.object({
  name: groupNameSchema.optional(),
  customers: customerIdListSchema.optional(),
  find_by_external: z.boolean().default(false),
});
export type UpdateCustomerGroup = z.input<typeof updateCustomerGroupSchema>;

/** POST .../customer_groups/{id}/members/: adds these customers; members already there stay. */
export const addCustomerGroupMembersSchema = z.object({
  customers: customerIdListSchema,
  find_by_external: z.boolean().default(false),
});
export type AddCustomerGroupMembers = z.input<typeof addCustomerGroupMembersSchema>;

/** A create or update answer: the group and the ids that matched no live customer (as sent). */
export const customerGroupWriteAnswerSchema = customerGroupSchema.extend({
  unknown_customers: z.array(z.string()),
});

export const customerGroupMemberPageSchema = pageOf(customerRefSchema);
