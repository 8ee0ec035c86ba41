CREATE TABLE "sandbox_processor_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"processor_account_id" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"method_token" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"processor" text NOT NULL,
	"processor_account_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"payment_method_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_entries_entry_key" UNIQUE("processor","entry_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_processor_methods" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_method_entries" ADD CONSTRAINT "payment_method_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_method_entries_customer_idx" ON "payment_method_entries" USING btree ("customer_id");--> statement-breakpoint
-- hand-written:
-- Tenant keys (see 0013): an entry names its customer and the method it saved together with its own
-- merchant_id, so the database refuses one that names another merchant's row.
ALTER TABLE "payment_method_entries" ADD CONSTRAINT "payment_method_entries_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "payment_method_entries" ADD CONSTRAINT "payment_method_entries_payment_method_id_tenant_fk" FOREIGN KEY ("merchant_id","payment_method_id") REFERENCES "payment_methods"("merchant_id","id") ON DELETE SET NULL ("payment_method_id");
