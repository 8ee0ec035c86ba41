CREATE TABLE "payment_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"from_account_id" uuid NOT NULL,
	"to_account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"moved_by_user_id" uuid,
	"moved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_moves_merchant_id_id_key" UNIQUE("merchant_id","id"),
	CONSTRAINT "payment_moves_merchant_idempotency_key" UNIQUE("merchant_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payment_moves" ADD CONSTRAINT "payment_moves_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_moves" ADD CONSTRAINT "payment_moves_moved_by_user_id_users_id_fk" FOREIGN KEY ("moved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_moves_payment_idx" ON "payment_moves" USING btree ("payment_id","moved_at");--> statement-breakpoint
-- hand-written: composite tenant keys (docs/conventions.md §4), so a move names only its own merchant's payment
-- and accounts. Like the ledger's account key, the account keys have no action: an account a payment was
-- moved from or to keeps its history; deleting the whole merchant cascades through merchant_id.
ALTER TABLE "payment_moves" ADD CONSTRAINT "payment_moves_payment_id_tenant_fk" FOREIGN KEY ("merchant_id","payment_id") REFERENCES "payments"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "payment_moves" ADD CONSTRAINT "payment_moves_from_account_id_tenant_fk" FOREIGN KEY ("merchant_id","from_account_id") REFERENCES "accounts"("merchant_id","id");--> statement-breakpoint
ALTER TABLE "payment_moves" ADD CONSTRAINT "payment_moves_to_account_id_tenant_fk" FOREIGN KEY ("merchant_id","to_account_id") REFERENCES "accounts"("merchant_id","id");
