CREATE TABLE "sandbox_processor_events" (
	"id" text PRIMARY KEY NOT NULL,
	"processor_account_id" text NOT NULL,
	"charge_id" text NOT NULL,
	"type" text NOT NULL,
	"charge" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deliver_after" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "sandbox_processor_events_once" UNIQUE("charge_id","type")
);
--> statement-breakpoint
CREATE TABLE "sandbox_reader_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"processor_account_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"presented_at" timestamp with time zone,
	CONSTRAINT "sandbox_reader_requests_idempotency_key" UNIQUE("processor_account_id","idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "sandbox_processor_events_due_idx" ON "sandbox_processor_events" USING btree ("deliver_after") WHERE "sandbox_processor_events"."delivered_at" is null;