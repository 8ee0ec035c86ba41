CREATE TABLE "pay_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"payment_id" uuid,
	"verify_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"paying_key" text,
	"paying_claimed_at" timestamp with time zone,
	"session_hash" text,
	"session_expires_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_links_merchant_id_id_key" UNIQUE("merchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_token_hash_key" ON "pay_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pay_links_account_idx" ON "pay_links" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "pay_links_expires_idx" ON "pay_links" USING btree ("expires_at");--> statement-breakpoint
-- hand-written: composite tenant keys (docs/conventions.md §4), so a link can only name its own merchant's rows.
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_account_id_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "accounts"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_payment_id_tenant_fk" FOREIGN KEY ("merchant_id","payment_id") REFERENCES "payments"("merchant_id","id") ON DELETE SET NULL ("payment_id");
