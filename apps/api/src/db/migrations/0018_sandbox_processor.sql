CREATE TABLE "sandbox_processor_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"processor_account_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_digest" text NOT NULL,
	"reference" text NOT NULL,
	"method_token" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"outcome" jsonb NOT NULL,
	"settles_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_processor_charges_idempotency_key" UNIQUE("processor_account_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor_methods" (
	"token" text PRIMARY KEY NOT NULL,
	"processor_account_id" text NOT NULL,
	"kind" text NOT NULL,
	"brand" text,
	"funding" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"account_type" text,
	"routing_number" text,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_processor_charges_reference_idx" ON "sandbox_processor_charges" USING btree ("processor_account_id","reference");