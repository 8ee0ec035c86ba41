DROP INDEX "payments_merchant_created_idx";--> statement-breakpoint
DROP INDEX "payments_account_created_idx";--> statement-breakpoint
CREATE INDEX "payments_merchant_status_created_idx" ON "payments" USING btree ("merchant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payments_customer_created_idx" ON "payments" USING btree ("merchant_id","customer_id","created_at","id","status");--> statement-breakpoint
CREATE INDEX "payments_merchant_last4_idx" ON "payments" USING btree ("merchant_id",right("method_label", 4)) WHERE "payments"."method_kind" in ('card', 'bank', 'card_present');--> statement-breakpoint
CREATE INDEX "payments_merchant_created_idx" ON "payments" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_account_created_idx" ON "payments" USING btree ("merchant_id","account_id","created_at","id","status");