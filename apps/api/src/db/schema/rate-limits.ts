import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window request counters of the public endpoints (plugins/rate-limit.ts), one row per key such as
// 'password-reset|ip|203.0.113.7'. Kept in the database so every API process adds to the same count.
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
);
