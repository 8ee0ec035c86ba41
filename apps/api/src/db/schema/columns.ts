import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Ids are UUIDs so ids in URLs reveal nothing about another merchant's volume.
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
