import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { locations, merchants } from './merchants';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    // E.164, e.g. +15551234567.
    smsPhoneNumber: text('sms_phone_number'),
    // Voiding keeps history (design.md §5).
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_merchant_external_key')
      .on(t.merchantId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('customers_merchant_name_idx').on(t.merchantId, t.lastName, t.firstName),
    index('customers_merchant_phone_idx').on(t.merchantId, t.smsPhoneNumber),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    status: text('status', { enum: ['active', 'pending', 'inactive', 'closed'] })
      .notNull()
      .default('active'),
    // Money is integer cents.
    amountDueCents: bigint('amount_due_cents', { mode: 'number' }).notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }),
    cadence: text('cadence', { enum: ['weekly', 'biweekly', 'semimonthly', 'monthly'] }),
    vehicleYear: integer('vehicle_year'),
    vehicleMake: text('vehicle_make'),
    vehicleModel: text('vehicle_model'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_merchant_external_key')
      .on(t.merchantId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('accounts_customer_idx').on(t.customerId),
    index('accounts_merchant_due_idx').on(t.merchantId, t.dueDate),
  ],
);
