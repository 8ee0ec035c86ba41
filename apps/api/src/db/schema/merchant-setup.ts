import { bigint, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { merchants } from './merchants';

// A processing account of a location (docs/product.md §2 merchant accounts). Fees are basis points, money is cents.
export const merchantAccounts = pgTable(
  'merchant_accounts',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').notNull(),
    name: text('name').notNull(),
    processor: text('processor', { enum: ['sandbox', 'stripe'] })
      .notNull()
      .default('sandbox'),
    // The processor's own id for the account (e.g. a Stripe connected account), if any.
    processorAccountId: text('processor_account_id').notNull().default(''),
    status: text('status', { enum: ['active', 'pending', 'inactive'] })
      .notNull()
      .default('pending'),
    cardFeeBasisPoints: integer('card_fee_bps').notNull().default(0),
    achFeeBasisPoints: integer('ach_fee_bps').notNull().default(0),
    convenienceFeeCents: bigint('convenience_fee_cents', { mode: 'number' }).notNull().default(0),
    monthlyVolumeCents: bigint('monthly_volume_cents', { mode: 'number' }).notNull().default(0),
    maxTransactionAmountCents: bigint('max_transaction_amount_cents', { mode: 'number' })
      .notNull()
      .default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merchant_accounts_merchant_idx').on(t.merchantId, t.name),
    index('merchant_accounts_location_idx').on(t.locationId),
  ],
);

// A business owner (docs/product.md §2 owners). The SSN is stored encrypted; only its last four digits in clear.
export const businessOwners = pgTable(
  'business_owners',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    title: text('title').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone'),
    ssnEncrypted: text('ssn_encrypted').notNull(),
    ssnLast4: text('ssn_last4').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    // Hundredths of a percent (0–10000), so shares add up exactly.
    ownershipHundredths: integer('ownership_hundredths').notNull(),
    addressLine1: text('address_line1').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('business_owners_merchant_idx').on(t.merchantId, t.fullName)],
);
