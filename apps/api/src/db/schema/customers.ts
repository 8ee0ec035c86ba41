import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantKey, updatedAt } from './columns';
import { merchants } from './merchants';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id'),
    externalId: text('external_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    // E.164, e.g. +15551234567.
    smsPhoneNumber: text('sms_phone_number'),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    // The language messages are written in (docs/product.md §9 default en-US).
    language: text('language').notNull().default('en-US'),
    // Consent: set when the customer opts out of texts or emails (STOP and friends arrive with messaging).
    smsOptedOutAt: timestamp('sms_opted_out_at', { withTimezone: true }),
    emailOptedOutAt: timestamp('email_opted_out_at', { withTimezone: true }),
    // docs/product.md §7 update_last_viewed: when staff last opened the customer (read state of the conversation).
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    // Voiding keeps history (docs/conventions.md §5); a merged customer is voided and points at the survivor.
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    mergedIntoId: uuid('merged_into_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey('customers', t),
    uniqueIndex('customers_merchant_external_key')
      .on(t.merchantId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    // The list's default order over live customers; also answers the list's count by an index-only scan.
    index('customers_merchant_live_name_idx')
      .on(t.merchantId, t.lastName, t.firstName, t.id)
      .where(sql`${t.voidedAt} is null`),
    index('customers_merchant_created_idx').on(t.merchantId, t.createdAt),
    // One live customer per phone in a merchant ('Phone Number is Already in Use'); also the phone
    // prefix search (E.164 starts with +1, then the digits a person types).
    uniqueIndex('customers_merchant_phone_key')
      .on(t.merchantId, t.smsPhoneNumber.op('text_pattern_ops'))
      .where(sql`${t.smsPhoneNumber} is not null and ${t.voidedAt} is null`),
    index('customers_merchant_external_prefix_idx').on(
      t.merchantId,
      sql`lower(${t.externalId}) text_pattern_ops`,
    ),
    index('customers_merchant_email_prefix_idx').on(t.merchantId, sql`lower(${t.email}) text_pattern_ops`),
    // Name search: substring match on "first last" through a trigram index (pg_trgm), within one merchant
    // (btree_gin keys merchant_id in the same GIN index). Without merchant_id the index hands over every
    // merchant's matches to be read and thrown away: a common last name at 100,000 customers was 7,156
    // rows over 675 heap pages for the 1,438 of one merchant (14 ms); with it, 1,438 over 136 (1 ms).
    index('customers_merchant_full_name_trgm_idx').using(
      'gin',
      t.merchantId,
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    index('customers_merchant_location_idx').on(t.merchantId, t.locationId),
    // An inbound text to the platform's shared number: its sender is looked up across every merchant.
    index('customers_live_phone_idx')
      .on(t.smsPhoneNumber)
      .where(sql`${t.smsPhoneNumber} is not null and ${t.voidedAt} is null`),
  ],
);

export const accountStatuses = ['active', 'pending', 'inactive', 'closed'] as const;
export const cadences = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // The primary borrower; co-borrowers are in account_co_borrowers.
    customerId: uuid('customer_id').notNull(),
    locationId: uuid('location_id'),
    externalId: text('external_id'),
    status: text('status', { enum: accountStatuses }).notNull().default('active'),
    // Money is integer cents.
    amountDueCents: bigint('amount_due_cents', { mode: 'number' }).notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }),
    cadence: text('cadence', { enum: cadences }),
    vehicleYear: integer('vehicle_year'),
    vehicleMake: text('vehicle_make'),
    vehicleModel: text('vehicle_model'),
    // Shown on the customer page; the autopay issue owns turning it on and off.
    autopayEnabled: boolean('autopay_enabled').notNull().default(false),
    // The optional pay PIN the pay page accepts instead of last name and birth date: only its argon2id hash
    // (lib/passwords.ts), never answered by any API (the account answer says has_pin).
    payPinHash: text('pay_pin_hash'),
    // A merged account is closed and points at the survivor.
    mergedIntoId: uuid('merged_into_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey('accounts', t),
    uniqueIndex('accounts_merchant_external_key')
      .on(t.merchantId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('accounts_customer_idx').on(t.customerId),
    index('accounts_merchant_due_idx').on(t.merchantId, t.dueDate),
    index('accounts_merchant_status_idx').on(t.merchantId, t.status),
    index('accounts_merchant_external_prefix_idx').on(
      t.merchantId,
      sql`lower(${t.externalId}) text_pattern_ops`,
    ),
  ],
);

/**
 * How many live (not voided) customers each merchant has, kept by statement-level triggers on customers
 * (migration 0005), so the customer list's unfiltered count is one row read instead of counting thousands.
 */
export const merchantCustomerCounts = pgTable('merchant_customer_counts', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  liveCustomers: integer('live_customers').notNull().default(0),
});
