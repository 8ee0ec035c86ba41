CREATE TABLE "payment_promises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"outcome" text DEFAULT 'open' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"local_time" text NOT NULL,
	"amount_cents" bigint,
	"payment_method_id" uuid,
	"run_started_at" timestamp with time zone,
	"transaction_id" uuid,
	"failure_message" text,
	"note" text,
	"idempotency_key" text NOT NULL,
	"request_digest" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_promises_merchant_id_id_key" UNIQUE("merchant_id","id"),
	CONSTRAINT "payment_promises_merchant_idempotency_key" UNIQUE("merchant_id","idempotency_key"),
	CONSTRAINT "payment_promises_scheduled_has_method_and_amount" CHECK (("payment_promises"."status" = 'SCHEDULED') = ("payment_promises"."payment_method_id" is not null and "payment_promises"."amount_cents" is not null)),
	CONSTRAINT "payment_promises_method_needs_amount" CHECK ("payment_promises"."payment_method_id" is null or "payment_promises"."amount_cents" is not null),
	CONSTRAINT "payment_promises_amount_positive" CHECK ("payment_promises"."amount_cents" is null or "payment_promises"."amount_cents" > 0),
	CONSTRAINT "payment_promises_paid_not_negative" CHECK ("payment_promises"."paid_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_customer_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "public"."customers"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_account_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "public"."accounts"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_payment_method_tenant_fk" FOREIGN KEY ("merchant_id","payment_method_id") REFERENCES "public"."payment_methods"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_transaction_tenant_fk" FOREIGN KEY ("merchant_id","transaction_id") REFERENCES "public"."payments"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_promises_one_open_per_account" ON "payment_promises" USING btree ("merchant_id","account_id") WHERE "payment_promises"."outcome" = 'open';--> statement-breakpoint
CREATE INDEX "payment_promises_merchant_scheduled_idx" ON "payment_promises" USING btree ("merchant_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "payment_promises_account_created_idx" ON "payment_promises" USING btree ("merchant_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_promises_customer_idx" ON "payment_promises" USING btree ("merchant_id","customer_id");--> statement-breakpoint
CREATE INDEX "payment_promises_open_idx" ON "payment_promises" USING btree ("scheduled_at") WHERE "payment_promises"."outcome" = 'open';