CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"customer_id" uuid,
	"account_id" uuid,
	"idempotency_key" text NOT NULL,
	"request_digest" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_merchant_id_id_key" UNIQUE("merchant_id","id"),
	CONSTRAINT "refunds_merchant_idempotency_key" UNIQUE("merchant_id","idempotency_key"),
	CONSTRAINT "refunds_total_positive" CHECK ("refunds"."total_cents" > 0 and "refunds"."fee_cents" between 0 and "refunds"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"processor_account_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_digest" text NOT NULL,
	"reference" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_processor_refunds_idempotency_key" UNIQUE("processor_account_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_positive";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_of_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_position" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_tenant_fk" FOREIGN KEY ("merchant_id","payment_id") REFERENCES "public"."payments"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_processor_refunds_charge_idx" ON "sandbox_processor_refunds" USING btree ("charge_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_payment_tenant_fk" FOREIGN KEY ("merchant_id","refund_of_payment_id") REFERENCES "public"."payments"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_refund_of_idx" ON "payments" USING btree ("refund_of_payment_id") WHERE "payments"."refund_of_payment_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_within" CHECK ("payments"."refunded_cents" between 0 and "payments"."amount_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_refunded_within" CHECK ("payments"."fee_refunded_cents" between 0 and "payments"."fee_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0 or ("payments"."kind" = 'refund' and "payments"."amount_cents" >= 0));