-- Name search within one merchant: btree_gin lets the trigram GIN index key merchant_id too. Like pg_trgm it is
-- a trusted extension (PostgreSQL 13+); PGlite loads it at start (db/client.ts pgliteExtensions).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "customers_full_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "customers_merchant_full_name_trgm_idx" ON "customers" USING gin ("merchant_id",lower("first_name" || ' ' || "last_name") gin_trgm_ops);