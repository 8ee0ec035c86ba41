import { timestamp, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Ids are UUIDs so ids in URLs reveal nothing about another merchant's volume.
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * UNIQUE (merchant_id, id) of a merchant's table: what a child row's composite foreign key
 * (merchant_id, <parent>_id) points at, so the database itself refuses a child that names another merchant's
 * parent (a tenant check missed in code). The composite foreign keys are written in SQL (migration
 * 0013_tenant_foreign_keys): Drizzle cannot say ON DELETE SET NULL (column), which keeps merchant_id.
 */
export const tenantKey = (table: string, t: { merchantId: AnyPgColumn; id: AnyPgColumn }) =>
  unique(`${table}_merchant_id_id_key`).on(t.merchantId, t.id);
