CREATE TABLE "autopay_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"due_day" integer NOT NULL,
	"authorization_text" text NOT NULL,
	"enrolled_by" uuid,
	"enrolled_at" timestamp with time zone NOT NULL,
	"ip" text,
	"stopped_at" timestamp with time zone,
	"stopped_by" uuid,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_enrolments_merchant_id_id_key" UNIQUE("merchant_id","id"),
	CONSTRAINT "autopay_enrolments_due_day_range" CHECK ("autopay_enrolments"."due_day" between 1 and 28)
);
--> statement-breakpoint
CREATE TABLE "autopay_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"enrolment_id" uuid,
	"due_date" date NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"amount_cents" bigint,
	"payment_id" uuid,
	"failure_code" text,
	"failure_message" text,
	"next_attempt_at" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_runs_merchant_id_id_key" UNIQUE("merchant_id","id"),
	CONSTRAINT "autopay_runs_account_due_attempt_key" UNIQUE("account_id","due_date","attempt"),
	CONSTRAINT "autopay_runs_merchant_idempotency_key" UNIQUE("merchant_id","idempotency_key"),
	CONSTRAINT "autopay_runs_attempt_positive" CHECK ("autopay_runs"."attempt" >= 1)
);
--> statement-breakpoint
ALTER TABLE "autopay_enrolments" ADD CONSTRAINT "autopay_enrolments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrolments" ADD CONSTRAINT "autopay_enrolments_enrolled_by_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrolments" ADD CONSTRAINT "autopay_enrolments_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrolments" ADD CONSTRAINT "autopay_enrolments_customer_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "public"."customers"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrolments" ADD CONSTRAINT "autopay_enrolments_account_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "public"."accounts"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrolments" ADD CONSTRAINT "autopay_enrolments_payment_method_tenant_fk" FOREIGN KEY ("merchant_id","payment_method_id") REFERENCES "public"."payment_methods"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_customer_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "public"."customers"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_account_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "public"."accounts"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_enrolment_tenant_fk" FOREIGN KEY ("merchant_id","enrolment_id") REFERENCES "public"."autopay_enrolments"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_payment_tenant_fk" FOREIGN KEY ("merchant_id","payment_id") REFERENCES "public"."payments"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_enrolments_one_active_per_account" ON "autopay_enrolments" USING btree ("merchant_id","account_id") WHERE "autopay_enrolments"."stopped_at" is null;--> statement-breakpoint
CREATE INDEX "autopay_enrolments_account_idx" ON "autopay_enrolments" USING btree ("merchant_id","account_id","enrolled_at");--> statement-breakpoint
CREATE INDEX "autopay_enrolments_customer_idx" ON "autopay_enrolments" USING btree ("merchant_id","customer_id");--> statement-breakpoint
CREATE INDEX "autopay_runs_merchant_started_idx" ON "autopay_runs" USING btree ("merchant_id","started_at");--> statement-breakpoint
CREATE INDEX "autopay_runs_claimed_idx" ON "autopay_runs" USING btree ("merchant_id","started_at") WHERE "autopay_runs"."status" = 'claimed';--> statement-breakpoint
CREATE INDEX "autopay_runs_retry_idx" ON "autopay_runs" USING btree ("merchant_id","next_attempt_at") WHERE "autopay_runs"."next_attempt_at" is not null;