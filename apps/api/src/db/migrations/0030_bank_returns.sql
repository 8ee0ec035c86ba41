CREATE TABLE "payment_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"original_payment_id" uuid NOT NULL,
	"code" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"was_settled" boolean NOT NULL,
	"returned_at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"action_note" text DEFAULT '' NOT NULL,
	"represent_number" integer,
	"represent_at" timestamp with time zone,
	"represent_payment_id" uuid,
	"represent_failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_returns_merchant_id_id_key" UNIQUE("merchant_id","id"),
	CONSTRAINT "payment_returns_once_per_payment" UNIQUE("payment_id")
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "retired_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_processor_charges" ADD COLUMN "returns_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_payment_tenant_fk" FOREIGN KEY ("merchant_id","payment_id") REFERENCES "public"."payments"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_returns_merchant_returned_idx" ON "payment_returns" USING btree ("merchant_id","returned_at");--> statement-breakpoint
CREATE INDEX "payment_returns_represent_payment_idx" ON "payment_returns" USING btree ("represent_payment_id") WHERE "payment_returns"."represent_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_returns_represent_due_idx" ON "payment_returns" USING btree ("represent_at") WHERE "payment_returns"."represent_at" is not null and "payment_returns"."represent_payment_id" is null and "payment_returns"."represent_failure" is null;