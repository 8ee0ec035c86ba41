import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    // Stored lower-cased; the unique index makes sign-in case-insensitive.
    email: text('email').notNull(),
    // Null while an invite is pending (the user has not set a password yet).
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isPartner: boolean('is_partner').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_super_idx').on(t.isSuperAdmin)],
);
