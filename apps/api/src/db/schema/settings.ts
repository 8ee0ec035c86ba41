import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantKey, updatedAt } from './columns';
import { merchants } from './merchants';
import { users } from './users';

// Account tags of a merchant (docs/product.md §3 Account tag: name).
export const accountTags = pgTable(
  'account_tags',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('account_tags', t),
    uniqueIndex('account_tags_merchant_name_key').on(t.merchantId, t.name),
  ],
);

// API keys authenticate `Authorization: Api-Key <key>` for one merchant. Only a digest of the key is kept;
// the prefix identifies it in lists.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash), index('api_keys_merchant_idx').on(t.merchantId)],
);

// A merchant's integrations (passtime, ituran, freshbooks, dms, ...). Credentials are encrypted at rest
// (AES-256-GCM with a key derived from the app secret); the adapters come with their own issues.
export const merchantIntegrations = pgTable(
  'merchant_integrations',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    integrationType: text('integration_type').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    credentialsEncrypted: text('credentials_encrypted'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('merchant_integrations_type_key').on(t.merchantId, t.integrationType)],
);
