import { z } from 'zod';
import { messages } from '../messages';
import { requiredString, timeZoneSchema, toE164Phone, validationMessages } from '../validation';

export const merchantStatuses = ['active', 'pending', 'inactive'] as const;
export type MerchantStatus = (typeof merchantStatuses)[number];

/**
 * The dealer management system a merchant runs (sent as the X-Integration-Type header, docs/conventions.md §4).
 * The spec names no vendors; these are the DMS vendors the product is built to talk to. Null: none.
 */
export const merchantIntegrationTypes = [
  'autostar',
  'dealercenter',
  'dealertrack',
  'frazer',
  'wayne_reaves',
] as const;
export type MerchantIntegrationType = (typeof merchantIntegrationTypes)[number];
export const merchantIntegrationNames: Record<MerchantIntegrationType, string> = {
  autostar: 'AutoStar',
  dealercenter: 'DealerCenter',
  dealertrack: 'Dealertrack',
  frazer: 'Frazer',
  wayne_reaves: 'Wayne Reaves',
};

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
  status: z.enum(merchantStatuses),
  /** Its own sender with Twilio (E.164) and/or its Twilio Messaging Service; null: none yet. */
  sms_from_number: z.string().nullable(),
  sms_messaging_service_sid: z.string().nullable(),
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

// GET /api/merchants/?search=&page=&page_size= — super admins: every merchant; partners: the ones they onboarded.
export const merchantListQuerySchema = simplifiedListQuerySchema;
export type MerchantListQuery = z.output<typeof merchantListQuerySchema>;

const choiceError = (issue: { input: unknown }) =>
  issue.input === undefined ? validationMessages.required : 'Select a valid choice';
const flag = () => z.boolean({ error: validationMessages.required });

/**
 * A merchant's own sender, set by a super admin (no screen yet): left out keeps what is stored, so the web
 * form's PUT does not clear it; '' or null removes it.
 */
function optionalSenderField(check: (value: string) => string | null, message: string) {
  return z
    .string()
    .trim()
    .max(40, { error: message })
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (!value) return null;
      const checked = check(value);
      if (checked === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return checked;
    });
}
const smsFromNumberSchema = optionalSenderField(toE164Phone, validationMessages.phone);
const messagingServiceSidSchema = optionalSenderField(
  (value) => (/^MG[0-9a-f]{32}$/i.test(value) ? `MG${value.slice(2).toLowerCase()}` : null),
  messages.messagingServiceInvalid,
);

/** Every field of a merchant record a super admin edits; PUT replaces them all but the sender fields. */
export const merchantUpdateSchema = z.object({
  name: requiredString().max(200, { error: validationMessages.maxLength }),
  integration_type: z.enum(merchantIntegrationTypes, { error: choiceError }).nullable(),
  is_integrated: flag(),
  check_custom_roles: flag(),
  allow_group_message: flag(),
  time_zone: timeZoneSchema,
  status: z.enum(merchantStatuses, { error: choiceError }),
  sms_from_number: smsFromNumberSchema,
  sms_messaging_service_sid: messagingServiceSidSchema,
});
export type MerchantUpdate = z.output<typeof merchantUpdateSchema>;

// POST /api/merchants/: only the name is required. A new merchant is pending until it is onboarded.
export const merchantCreateSchema = merchantUpdateSchema.extend({
  integration_type: merchantUpdateSchema.shape.integration_type.default(null),
  is_integrated: flag().default(false),
  check_custom_roles: flag().default(false),
  allow_group_message: flag().default(false),
  time_zone: timeZoneSchema.default('America/New_York'),
  status: merchantUpdateSchema.shape.status.default('pending'),
});
export type MerchantCreate = z.output<typeof merchantCreateSchema>;

/** POST /api/merchants/{id}/upload_logo/: one multipart file field `logo`. */
export const LOGO_FIELD = 'logo';
export const LOGO_MAX_BYTES = 1_048_576;
export const logoMessages = {
  // docs/product.md §5: the attachment limit and its words.
  tooLarge: 'File must be less than 1mb in size',
  badType: 'Logo must be a PNG, JPEG or WebP image',
} as const;
/** What the file picker offers; the server checks the bytes, not the name or the declared type. */
export const logoAcceptedTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

// GET /api/merchants/{id}/onboarding_summary/: what is left to set up before the merchant can take payments.
export const onboardingItemKeys = [
  'owners',
  'locations',
  'merchant_accounts',
  'users',
  'integrations',
] as const;
export type OnboardingItemKey = (typeof onboardingItemKeys)[number];
export const onboardingItemSchema = z.object({
  key: z.enum(onboardingItemKeys),
  label: z.string(),
  count: z.number().int(),
  is_complete: z.boolean(),
  /** Optional items do not hold back the merchant's overall completion. */
  is_optional: z.boolean(),
  /** The web page that fixes it (or lists what is there, once complete). */
  link: z.string(),
});
export type OnboardingItem = z.infer<typeof onboardingItemSchema>;
export const onboardingSummarySchema = z.object({
  merchant: z.object({ id: z.string(), name: z.string(), status: z.enum(merchantStatuses) }),
  is_complete: z.boolean(),
  items: z.array(onboardingItemSchema),
});
export type OnboardingSummary = z.infer<typeof onboardingSummarySchema>;
