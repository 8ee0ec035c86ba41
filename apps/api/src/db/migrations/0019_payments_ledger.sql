CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"account_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid,
	"account_id" uuid,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"method_kind" text NOT NULL,
	"payment_method_id" uuid,
	"method_label" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"fee_waived" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_digest" text NOT NULL,
	"processor" text,
	"processor_account_id" text,
	"processor_charge_id" text,
	"failure_code" text,
	"failure_message" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by_user_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_merchant_id_id_key" UNIQUE("merchant_id","id"),
	CONSTRAINT "payments_merchant_idempotency_key" UNIQUE("merchant_id","idempotency_key"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_fee_not_negative" CHECK ("payments"."fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "processor" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "processor_account_id" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "processor_token" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "funding" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_once_per_payment" ON "ledger_entries" USING btree ("payment_id","kind") WHERE "ledger_entries"."kind" in ('payment', 'fee', 'return');--> statement-breakpoint
CREATE INDEX "ledger_entries_merchant_occurred_idx" ON "ledger_entries" USING btree ("merchant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "payments_merchant_created_idx" ON "payments" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_account_created_idx" ON "payments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" in ('pending', 'processing');--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
-- Tenant keys (see 0013): a payment and a ledger entry name their customer, account, method and payment
-- together with their own merchant_id, so the database refuses one that names another merchant's row.
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE SET NULL ("customer_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "accounts"("merchant_id","id") ON DELETE SET NULL ("account_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_tenant_fk" FOREIGN KEY ("merchant_id","payment_method_id") REFERENCES "payment_methods"("merchant_id","id") ON DELETE SET NULL ("payment_method_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_tenant_fk" FOREIGN KEY ("merchant_id","payment_id") REFERENCES "payments"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "accounts"("merchant_id","id");--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry. An account with entries cannot be deleted (the
-- key above has no action); deleting a whole merchant still cascades, as the foreign key's own action, which
-- this trigger lets through by its depth.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  -- TRUNCATE too: it would bypass the row triggers.
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'check_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
-- An account's amount due moves only with the ledger: principal paid lowers it, a refund, a return or a
-- negative adjustment raises it again; fees never change it. Same transaction as the entry.
CREATE FUNCTION ledger_entries_move_amount_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account_id IS NOT NULL AND NEW.kind IN ('payment', 'refund', 'return', 'adjustment') THEN
    UPDATE accounts SET amount_due_cents = amount_due_cents - NEW.amount_cents, updated_at = now()
      WHERE merchant_id = NEW.merchant_id AND id = NEW.account_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_move_amount_due AFTER INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_move_amount_due();
