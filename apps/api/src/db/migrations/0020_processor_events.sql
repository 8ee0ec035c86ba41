CREATE TABLE "processor_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"processor" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "processor_events_event_key" UNIQUE("processor","event_id")
);
