import { z } from 'zod';
import { messages } from '../messages';
import {
  dateOfBirthSchema,
  isIsoDate,
  optionalPhoneSchema,
  optionalString,
  requiredDollarsSchema,
  requiredString,
  usPostalCodeSchema,
  usStateSchema,
  validationMessages,
} from '../validation';
import { accountTagSchema } from './account-tags';
import { pageOf, pageQuerySchema } from './paging';

// Customers and their accounts (docs/product.md §2 Customers, §3 Customer and Account, §7 Customers). Requests carry
// what a person types (amounts as dollars '125.50', phones as typed, dates YYYY-MM-DD); answers carry
// integer cents (*_cents), E.164 phones and ISO dates, which the web formats with format.ts.

export const accountStatuses = ['active', 'pending', 'inactive', 'closed'] as const;
export const accountStatusSchema = z.enum(accountStatuses, { error: validationMessages.required });
export type AccountStatus = z.infer<typeof accountStatusSchema>;

export const cadences = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export const cadenceSchema = z.enum(cadences, { error: validationMessages.required });
export type Cadence = z.infer<typeof cadenceSchema>;
export const cadenceLabels: Record<Cadence, string> = {
  weekly: 'Weekly',
  biweekly: 'Biweekly',
  semimonthly: 'Semi-monthly',
  monthly: 'Monthly',
};

/** Message languages (docs/product.md §9 default en-US). */
export const customerLanguages = ['en-US', 'es-US'] as const;
export const customerLanguageSchema = z.enum(customerLanguages, { error: validationMessages.required });

/** Another customer as other records show them (co-borrowers, primary borrowers, opt-out answers). */
export const customerRefSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  external_id: z.string().nullable(),
  sms_phone_number: z.string().nullable(),
});
export type CustomerRef = z.infer<typeof customerRefSchema>;

export const locationRefSchema = z.object({ id: z.string(), name: z.string() });

export const customerAccountSchema = z.object({
  id: z.string(),
  /** The primary borrower. */
  customer_id: z.string(),
  /** How the customer whose page this is relates to the account. */
  role: z.enum(['primary', 'co_borrower']),
  primary_customer: customerRefSchema,
  external_id: z.string().nullable(),
  location: locationRefSchema.nullable(),
  status: accountStatusSchema,
  amount_due_cents: z.number().int(),
  /** YYYY-MM-DD */
  due_date: z.string().nullable(),
  cadence: cadenceSchema.nullable(),
  vehicle_year: z.number().int().nullable(),
  vehicle_make: z.string().nullable(),
  vehicle_model: z.string().nullable(),
  autopay_enabled: z.boolean(),
  /** Whether the account has a pay PIN (the pay page then offers it); the PIN itself is never answered. */
  has_pin: z.boolean(),
  tags: z.array(accountTagSchema),
  co_borrowers: z.array(customerRefSchema),
  merged_into_id: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;

// GET /api/merchants/{id}/customers/{customer_id}/
export const customerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  external_id: z.string().nullable(),
  email: z.string().nullable(),
  /** E.164, e.g. '+12145550100'. */
  sms_phone_number: z.string().nullable(),
  location: locationRefSchema.nullable(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  date_of_birth: z.string().nullable(),
  language: customerLanguageSchema,
  sms_opted_out: z.boolean(),
  email_opted_out: z.boolean(),
  last_viewed_at: z.string().nullable(),
  /** Set when the customer was voided (DELETE); a voided customer keeps its history. */
  voided_at: z.string().nullable(),
  merged_into_id: z.string().nullable(),
  /** Accounts the customer holds, then those they co-borrow. */
  accounts: z.array(customerAccountSchema),
  created: z.string(),
  updated: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** One account as a list row shows it. */
export const accountSummarySchema = z.object({
  id: z.string(),
  external_id: z.string().nullable(),
  status: accountStatusSchema,
  amount_due_cents: z.number().int(),
  due_date: z.string().nullable(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const customerListItemSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  external_id: z.string().nullable(),
  email: z.string().nullable(),
  sms_phone_number: z.string().nullable(),
  location: locationRefSchema.nullable(),
  sms_opted_out: z.boolean(),
  email_opted_out: z.boolean(),
  /** The customer's own accounts (not co-borrowed ones), open ones first. */
  accounts: z.array(accountSummarySchema),
  created: z.string(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
export const customerPageSchema = pageOf(customerListItemSchema);

/** Server-side sort of the customer list; '-' sorts descending (docs/product.md §2 sortable table). */
export const customerOrderings = [
  'last_name',
  '-last_name',
  'external_id',
  '-external_id',
  'created',
  '-created',
  // The customer's open accounts together (customer-due.ts): their amounts added up, their earliest due date.
  'amount_due',
  '-amount_due',
  'due_date',
  '-due_date',
  // Days past due on the merchant's today (past-due.ts), the most of the customer's accounts; not late last.
  'days_late',
  '-days_late',
] as const;
export const customerSearchFields = ['name', 'external_id', 'phone', 'email'] as const;
export type CustomerSearchField = (typeof customerSearchFields)[number];

const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

// GET /api/merchants/{id}/customers/?search=&field=&location=&account_status=&tag=&opted_out=&ordering=
export const customersQuerySchema = pageQuerySchema.extend({
  /** Name, external id, phone or email; `field` narrows it, otherwise the server tells by its shape. */
  search: z.string().trim().max(200).optional(),
  field: z.enum(customerSearchFields).optional(),
  location: z.uuid().optional(),
  account_status: accountStatusSchema.optional(),
  tag: z.uuid().optional(),
  opted_out: booleanParam.optional(),
  ordering: z.enum(customerOrderings).default('last_name'),
});
/** What a client sends: every value as it travels in the query string. */
export type CustomersQuery = Omit<z.input<typeof customersQuerySchema>, 'page' | 'page_size'> & {
  page?: number;
  page_size?: number;
};

/** Empty text means none: stored as null. */
const optionalNullable = (max: number) => optionalString(max).transform((value) => value || null);
const optionalEmail = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((value) => value ?? '')
  // Not emailSchema inside the union: a union whose options all end in a pipe or transform reports only
  // 'Invalid input'; plain checks let zod report the failing option's own words ('Email is not valid').
  .pipe(
    z.union([
      z.literal(''),
      z
        .string()
        .max(254, { error: validationMessages.maxLength })
        .regex(z.regexes.email, { error: validationMessages.email }),
    ]),
  )
  .transform((value) => value.toLowerCase() || null);
const optionalDateOfBirth = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((value) => value ?? '')
  .pipe(z.union([z.literal(''), dateOfBirthSchema]))
  .transform((value) => value || null);
const optionalIsoDate = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || isIsoDate(value), { error: validationMessages.date })
  .transform((value) => value || null);
const optionalState = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? '')
  .pipe(z.union([z.literal(''), usStateSchema]));
const optionalPostalCode = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? '')
  .pipe(z.union([z.literal(''), usPostalCodeSchema]));

// PUT .../customers/{customer_id}/bp_information/ (the whole customer), and the customer part of create.
export const customerWriteSchema = z.object({
  first_name: requiredString().max(100, { error: validationMessages.maxLength }),
  last_name: requiredString().max(100, { error: validationMessages.maxLength }),
  /** The merchant's own customer number (spec 'Customer ID'); unique in the merchant. */
  external_id: optionalNullable(100),
  email: optionalEmail,
  sms_phone_number: optionalPhoneSchema,
  /** One of the merchant's locations ('Customer does not belong to provided merchant location'). */
  location: requiredString(),
  address_line1: optionalString(200),
  address_line2: optionalString(200),
  city: optionalString(100),
  state: optionalState,
  postal_code: optionalPostalCode,
  date_of_birth: optionalDateOfBirth,
  language: customerLanguageSchema.default('en-US'),
});
export type CustomerWriteInput = z.input<typeof customerWriteSchema>;
export type CustomerWrite = z.output<typeof customerWriteSchema>;

const thisYear = new Date().getUTCFullYear();
const optionalVehicleYear = z
  .union([z.string(), z.number()])
  .optional()
  .nullable()
  .transform((value) => (value === undefined || value === null ? '' : String(value).trim()))
  .refine((value) => value === '' || (/^\d{4}$/.test(value) && Number(value) >= 1900), {
    error: messages.vehicleYear,
  })
  .transform((value) => (value === '' ? null : Number(value)))
  .refine((value) => value === null || value <= thisYear + 2, { error: messages.vehicleYear });

/** A pay PIN: 4–6 digits, nothing else (docs/product.md §3 Account). */
export const payPinPattern = /^\d{4,6}$/;
const optionalPayPin = z
  .string()
  .trim()
  .refine((value) => value === '' || payPinPattern.test(value), { error: messages.pinFormat })
  .nullable()
  .optional();

// POST .../customers/{customer_id}/accounts/ and PUT .../accounts/{account_id}/ (the whole account).
export const accountWriteSchema = z
  .object({
    /** The account number in the merchant's books ('Account with provided external ID already exists'). */
    external_id: optionalNullable(100),
    status: accountStatusSchema.default('active'),
    amount_due: requiredDollarsSchema({ requiredMessage: messages.amountDueRequired }),
    due_date: optionalIsoDate,
    cadence: cadenceSchema.nullable().optional().default(null),
    vehicle_year: optionalVehicleYear,
    vehicle_make: optionalNullable(100),
    vehicle_model: optionalNullable(100),
    /** Defaults to the customer's location. */
    location: z.string().trim().optional().nullable(),
    /** Ids of the merchant's account tags. */
    tags: z.array(z.string()).max(100).default([]),
    /**
     * The pay PIN the pay page accepts instead of last name and birth date (issue 16 item 6): 4–6 digits with
     * `confirm_pin` sets or replaces it; null removes it; absent or empty keeps it. Write-only: answers carry
     * only `has_pin`.
     */
    pin: optionalPayPin,
    confirm_pin: z.string().trim().max(20).optional(),
  })
  .refine((account) => typeof account.pin !== 'string' || account.pin === (account.confirm_pin ?? ''), {
    path: ['confirm_pin'],
    error: messages.pinsMismatch,
    // Checked even while other fields are wrong, so the form shows every problem at once.
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === 'pin'),
  });
export type AccountWriteInput = z.input<typeof accountWriteSchema>;
export type AccountWrite = z.output<typeof accountWriteSchema>;

// POST /api/merchants/{id}/customers/ — a customer with their first account (absent: no account yet).
export const customerCreateSchema = customerWriteSchema.extend({ account: accountWriteSchema.optional() });
export type CustomerCreateInput = z.input<typeof customerCreateSchema>;
export type CustomerCreate = z.output<typeof customerCreateSchema>;

// POST .../customers/{customer_id}/update_last_viewed/ (docs/product.md §7) — when staff last opened the customer.
export const lastViewedAnswerSchema = z.object({ last_viewed_at: z.string() });
export type LastViewedAnswer = z.infer<typeof lastViewedAnswerSchema>;

// Who wrote or did something, as notes and the history show them.
export const personRefSchema = z.object({ id: z.string(), first_name: z.string(), last_name: z.string() });
