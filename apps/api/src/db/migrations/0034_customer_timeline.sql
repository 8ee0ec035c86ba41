DROP INDEX "customer_events_customer_idx";--> statement-breakpoint
DROP INDEX "customer_notes_customer_idx";--> statement-breakpoint
CREATE INDEX "messages_customer_created_idx" ON "messages" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_events_customer_idx" ON "customer_events" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","created_at","id");