import { z } from 'zod';
import {
  optionalPhoneSchema,
  optionalString,
  requiredString,
  timeZoneSchema,
  usPostalCodeSchema,
  usStateSchema,
  validationMessages,
} from '../validation';
import { pageOf, pageQuerySchema } from './paging';

// Locations of a merchant (docs/product.md §2 /merchants/{merchantID}/locations, §7 GET .../merchant_locations/ with
// page_size 1000). Phones travel as E.164 ('+12145550100'); the web shows them as (###) ###-####.

export const setupStatuses = ['active', 'pending', 'inactive'] as const;
/** The status of a location or a merchant account (docs/product.md §4 colours: active, pending, inactive). */
export const setupStatusSchema = z.enum(setupStatuses, { error: validationMessages.required });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  /** E.164, or null when the location has no phone. */
  phone: z.string().nullable(),
  time_zone: z.string(),
  status: setupStatusSchema,
  created: z.string(),
  updated: z.string(),
});
export type Location = z.infer<typeof locationSchema>;
export const locationPageSchema = pageOf(locationSchema);

// GET /api/merchants/{id}/merchant_locations/?search= (name or city)
export const locationsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
});
export type LocationsQuery = z.input<typeof locationsQuerySchema>;

/** The street address both locations and owners carry (US only: state list and postal code rule of docs/product.md §5). */
export const usAddressFields = {
  address_line1: requiredString().max(200, { error: validationMessages.maxLength }),
  city: requiredString().max(100, { error: validationMessages.maxLength }),
  state: usStateSchema,
  postal_code: usPostalCodeSchema,
};

// POST .../merchant_locations/ and PUT .../merchant_locations/{location_id}/ (the whole location).
export const locationWriteSchema = z.object({
  name: requiredString().max(200, { error: validationMessages.maxLength }),
  ...usAddressFields,
  address_line2: optionalString(200),
  phone: optionalPhoneSchema,
  time_zone: timeZoneSchema,
  status: setupStatusSchema.default('active'),
});
export type LocationWriteInput = z.input<typeof locationWriteSchema>;
export type LocationWrite = z.output<typeof locationWriteSchema>;
