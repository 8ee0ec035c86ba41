import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PermissionFlag } from '@paylane/shared/permissions';
import { createdAt, id, tenantKey, updatedAt } from './columns';
import { users } from './users';

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    name: text('name').notNull(),
    logoPath: text('logo_path'),
    integrationType: text('integration_type'),
    isIntegrated: boolean('is_integrated').notNull().default(false),
    checkCustomRoles: boolean('check_custom_roles').notNull().default(false),
    allowGroupMessage: boolean('allow_group_message').notNull().default(false),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    status: text('status', { enum: ['active', 'pending', 'inactive'] })
      .notNull()
      .default('active'),
    // General settings (docs/product.md §2 settings/general).
    email: text('email').notNull().default(''),
    phone: text('phone'),
    website: text('website').notNull().default(''),
    // Messages wait outside these wall-clock hours in the recipient's zone (default 8 am–9 pm).
    quietHoursStart: text('quiet_hours_start').notNull().default('21:00'),
    quietHoursEnd: text('quiet_hours_end').notNull().default('08:00'),
    // Its own sender with Twilio, set by a super admin: the number its texts come from and customers reply to
    // (E.164), and/or its Twilio Messaging Service (MG…), whose pool Twilio picks from. Without either it
    // cannot text customers through Twilio: the platform's shared number never carries a merchant's texts.
    // An inbound text reaches the merchant by the number texted (or the service it belongs to).
    smsFromNumber: text('sms_from_number'),
    smsMessagingServiceSid: text('sms_messaging_service_sid'),
    // Its sender with the offline outbox provider: a fictitious 555-01xx number of its own, given to every
    // merchant by the database (migration 0016), so replies are routed by number on the laptop as in
    // production. Never handed to Twilio.
    outboxSmsNumber: text('outbox_sms_number')
      .notNull()
      .default(sql`next_outbox_sms_number()`),
    // Payment limits in integer cents; docs/product.md §9 minimum payment is $1.00.
    minPaymentAmountCents: bigint('min_payment_amount_cents', { mode: 'number' }).notNull().default(100),
    maxPaymentAmountCents: bigint('max_payment_amount_cents', { mode: 'number' }),
    // The partner who onboarded this merchant, if any.
    partnerUserId: uuid('partner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merchants_name_idx').on(t.name),
    index('merchants_partner_idx').on(t.partnerUserId),
    uniqueIndex('merchants_sms_from_number_key')
      .on(t.smsFromNumber)
      .where(sql`${t.smsFromNumber} is not null`),
    uniqueIndex('merchants_sms_messaging_service_sid_key')
      .on(t.smsMessagingServiceSid)
      .where(sql`${t.smsMessagingServiceSid} is not null`),
    uniqueIndex('merchants_outbox_sms_number_key').on(t.outboxSmsNumber),
  ],
);

// A merchant's own role (docs/product.md §3 Custom role): named permission flags and payment amount limits. It counts
// only on merchants with check_custom_roles (docs/product.md §6).
export const customRoles = pgTable(
  'custom_roles',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: jsonb('permissions').$type<Partial<Record<PermissionFlag, boolean>>>().notNull().default({}),
    // Money is integer cents; null means no limit beyond the merchant's.
    minPaymentAmountCents: bigint('min_payment_amount_cents', { mode: 'number' }),
    maxPaymentAmountCents: bigint('max_payment_amount_cents', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey('custom_roles', t),
    uniqueIndex('custom_roles_merchant_name_key').on(t.merchantId, t.name),
  ],
);

// A user's place in a merchant: standard roles (admin, staff) and, optionally, one custom role.
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull().default([]),
    customRoleId: uuid('custom_role_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_user_merchant_key').on(t.userId, t.merchantId),
    index('memberships_merchant_idx').on(t.merchantId),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    phone: text('phone'),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    status: text('status', { enum: ['active', 'pending', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantKey('locations', t), index('locations_merchant_idx').on(t.merchantId, t.name)],
);
