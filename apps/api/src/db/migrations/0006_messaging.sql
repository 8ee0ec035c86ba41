CREATE TABLE "consent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"message_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_group_members" (
	"merchant_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_group_members_group_id_customer_id_pk" PRIMARY KEY("group_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"template_id" uuid,
	"body" text NOT NULL,
	"is_csv_imported" boolean DEFAULT false NOT NULL,
	"created_by_user_id" uuid,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_status_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"delta_days" integer,
	"message_bodies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid,
	"batch_id" uuid,
	"template_id" uuid,
	"direction" text NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"subject" text,
	"language" text DEFAULT 'en-US' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text,
	"status" text NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"error_code" text,
	"error_message" text,
	"secondary_message" text,
	"sender_user_id" uuid,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"automation_due_date" date,
	"sent_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "outbox_sms" (
	"sid" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"body" text NOT NULL,
	"media_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"next_step_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_sms_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "outbox_sms_failure_rules" (
	"to_address" text PRIMARY KEY NOT NULL,
	"error_code" text NOT NULL,
	"stage" text DEFAULT 'send' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "sms_from_number" text;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_batches" ADD CONSTRAINT "message_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_batches" ADD CONSTRAINT "message_batches_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_batches" ADD CONSTRAINT "message_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_status_events" ADD CONSTRAINT "message_status_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_status_events" ADD CONSTRAINT "message_status_events_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_batch_id_message_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."message_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_customer_idx" ON "consent_events" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_group_members_customer_idx" ON "customer_group_members" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_merchant_name_key" ON "customer_groups" USING btree ("merchant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "message_batches_merchant_idempotency_key" ON "message_batches" USING btree ("merchant_id","idempotency_key") WHERE "message_batches"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "message_batches_merchant_created_idx" ON "message_batches" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_status_events_key" ON "message_status_events" USING btree ("provider","provider_message_id","status");--> statement-breakpoint
CREATE INDEX "message_status_events_message_idx" ON "message_status_events" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_merchant_name_key" ON "message_templates" USING btree ("merchant_id",lower("name")) WHERE "message_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_merchant_days_key" ON "message_templates" USING btree ("merchant_id","delta_days") WHERE "message_templates"."type" = 'SCHEDULED' and "message_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_merchant_system_type_key" ON "message_templates" USING btree ("merchant_id","type") WHERE "message_templates"."type" not in ('SCHEDULED', 'UNSCHEDULED') and "message_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "messages_customer_seq_idx" ON "messages" USING btree ("customer_id","seq");--> statement-breakpoint
CREATE INDEX "messages_merchant_seq_idx" ON "messages" USING btree ("merchant_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_batch_customer_key" ON "messages" USING btree ("batch_id","customer_id") WHERE "messages"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_batch_status_idx" ON "messages" USING btree ("batch_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_automation_key" ON "messages" USING btree ("template_id","account_id","automation_due_date","channel") WHERE "messages"."automation_due_date" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_message_key" ON "messages" USING btree ("provider","provider_message_id") WHERE "messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_pending_idx" ON "messages" USING btree ("send_after") WHERE "messages"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "messages_merchant_kind_created_idx" ON "messages" USING btree ("merchant_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "outbox_sms_to_idx" ON "outbox_sms" USING btree ("to_address","created_at");--> statement-breakpoint
CREATE INDEX "outbox_sms_next_step_idx" ON "outbox_sms" USING btree ("next_step_at") WHERE "outbox_sms"."next_step_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_sms_from_number_key" ON "merchants" USING btree ("sms_from_number") WHERE "merchants"."sms_from_number" is not null;