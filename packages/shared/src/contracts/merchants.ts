import { z } from 'zod';

// GET /api/merchants/{id}/
export const merchantSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  integration_type: z.string().nullable(),
  is_integrated: z.boolean(),
  check_custom_roles: z.boolean(),
  allow_group_message: z.boolean(),
  time_zone: z.string(),
  status: z.enum(['active', 'pending', 'inactive']),
});
export type Merchant = z.infer<typeof merchantSchema>;

// GET /api/merchants/simplified_list/?search= — the merchants the caller may switch to.
export const merchantSummarySchema = z.object({ id: z.string(), name: z.string() });
export type MerchantSummary = z.infer<typeof merchantSummarySchema>;
export const simplifiedListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
});
