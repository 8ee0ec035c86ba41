import { z } from 'zod';
import { messages } from '../messages';
import {
  decimalInput,
  isFilled,
  optionalString,
  percentToBasisPointsSchema,
  requiredDollarsSchema,
  requiredString,
  validationMessages,
} from '../validation';
import { setupStatusSchema } from './locations';
import { pageOf, pageQuerySchema } from './paging';

// Processing accounts of a location (docs/product.md §2 .../locations/{locationID}/merchant-accounts, §7 GET
// .../merchant_accounts/). Requests carry what a person types: fees as percents with two decimals ('2.95'),
// money as dollars ('1.50'). Answers carry integer basis points and cents (*_bps, *_cents) plus each fee's
// percent text, which is also valid request input, so an edit form starts from the answer as it is.

/** Texts of this contract not (yet) in the shared catalogue of messages.ts. */
export const merchantAccountMessages = {
  locationMismatch: 'Location does not belong to this merchant',
} as const;

export const processors = ['sandbox', 'stripe'] as const;
export const processorSchema = z.enum(processors, { error: validationMessages.required });
export type Processor = z.infer<typeof processorSchema>;

export const merchantAccountSchema = z.object({
  id: z.string(),
  location: z.string(),
  location_name: z.string(),
  name: z.string(),
  processor: processorSchema,
  processor_account_id: z.string(),
  status: setupStatusSchema,
  card_fee_bps: z.number().int(),
  /** The card fee as a percent with two decimals, e.g. '2.95'. */
  card_fee: z.string(),
  ach_fee_bps: z.number().int(),
  ach_fee: z.string(),
  convenience_fee_cents: z.number().int(),
  monthly_volume_cents: z.number().int(),
  max_transaction_amount_cents: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type MerchantAccount = z.infer<typeof merchantAccountSchema>;
export const merchantAccountPageSchema = pageOf(merchantAccountSchema);

// GET /api/merchants/{id}/merchant_accounts/?location=
export const merchantAccountsQuerySchema = pageQuerySchema.extend({
  location: z.uuid({ error: merchantAccountMessages.locationMismatch }).optional(),
});
export type MerchantAccountsQuery = z.input<typeof merchantAccountsQuerySchema>;

/** A percent typed with two decimals → basis points; empty is 'Required'. */
const feePercentSchema = decimalInput
  .refine(isFilled, { error: validationMessages.required })
  .pipe(percentToBasisPointsSchema);

const dollarsSchema = (negativeMessage?: string) => requiredDollarsSchema({ negativeMessage });

// POST .../merchant_accounts/ and PUT .../merchant_accounts/{merchant_account_id}/ (the whole account).
export const merchantAccountWriteSchema = z
  .object({
    /** The id of one of the merchant's locations (checked by the server). */
    location: requiredString(),
    name: requiredString().max(200, { error: validationMessages.maxLength }),
    processor: processorSchema.default('sandbox'),
    processor_account_id: optionalString(200),
    status: setupStatusSchema.default('pending'),
    card_fee: feePercentSchema,
    ach_fee: feePercentSchema,
    convenience_fee: dollarsSchema(messages.negativeFee),
    monthly_volume: dollarsSchema(),
    max_transaction_amount: dollarsSchema(),
  })
  .refine(
    ({ max_transaction_amount: max, monthly_volume: volume }) =>
      typeof max !== 'number' || typeof volume !== 'number' || max <= volume,
    {
      path: ['max_transaction_amount'],
      error: validationMessages.maxAmountVolume,
      // Also when a fee or amount failed, so a form shows those problems at once; the check itself only
      // compares two amounts that parsed. An empty required field (requiredString aborts explicitly) still
      // skips it: zod never runs object checks after an explicit abort, so this shows once those are filled.
      when: () => true,
    },
  );
export type MerchantAccountWriteInput = z.input<typeof merchantAccountWriteSchema>;
export type MerchantAccountWrite = z.output<typeof merchantAccountWriteSchema>;
