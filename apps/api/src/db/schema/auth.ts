import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants } from './merchants';
import { users } from './users';

// One row per issued refresh token. Rotation spends the row; reuse of a spent token revokes its family.
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    // Every authenticated request asks whether its session was revoked: a probe into revoked rows only.
    index('refresh_tokens_revoked_family_idx')
      .on(t.familyId)
      .where(sql`${t.revokedAt} is not null`),
  ],
);

// Single-use secrets sent by link: password reset, user and partner invites, SSO deep links.
// Only a SHA-256 of the secret is stored.
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    kind: text('kind', { enum: ['password_reset', 'user_invite', 'partner_invite', 'sso'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    email: text('email'),
    tokenHash: text('token_hash').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_tokens_user_kind_idx').on(t.userId, t.kind)],
);

// Failed sign-ins, counted per email and per IP over a sliding window. Kept in the database so every
// API process sees the same count.
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);
