CREATE TABLE "failed_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"payment_id" uuid,
	"message_id" uuid,
	"customer_id" uuid,
	"account_id" uuid,
	"reason_code" text,
	"reason_message" text DEFAULT '' NOT NULL,
	"is_retryable" boolean DEFAULT true NOT NULL,
	"is_resolvable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" uuid,
	"resolution" text,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"retry_payment_id" uuid,
	"retry_message_id" uuid,
	CONSTRAINT "failed_actions_merchant_id_id_key" UNIQUE("merchant_id","id"),
	CONSTRAINT "failed_actions_merchant_subject_key" UNIQUE("merchant_id","subject_key")
);
--> statement-breakpoint
ALTER TABLE "failed_actions" ADD CONSTRAINT "failed_actions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_actions" ADD CONSTRAINT "failed_actions_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_actions" ADD CONSTRAINT "failed_actions_payment_tenant_fk" FOREIGN KEY ("merchant_id","payment_id") REFERENCES "public"."payments"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_actions" ADD CONSTRAINT "failed_actions_retry_payment_tenant_fk" FOREIGN KEY ("merchant_id","retry_payment_id") REFERENCES "public"."payments"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_actions" ADD CONSTRAINT "failed_actions_customer_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "public"."customers"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_actions" ADD CONSTRAINT "failed_actions_account_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "public"."accounts"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "failed_actions_merchant_created_idx" ON "failed_actions" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "failed_actions_open_idx" ON "failed_actions" USING btree ("merchant_id","kind","created_at") WHERE "failed_actions"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "failed_actions_message_idx" ON "failed_actions" USING btree ("message_id") WHERE "failed_actions"."message_id" is not null;--> statement-breakpoint
-- Hand-written (issue 18 item 4), re-append after regenerating: an outbound message that becomes undeliverable
-- ('failed' or 'undelivered') is a failed action, written by the statement that moved it, whichever path moved
-- it (the dispatcher's batch update, a provider callback, the outbox walker). A resend of an action
-- (idempotency key 'retry:{actionId}[:n]') that fails reopens that action with the new reason instead.
CREATE FUNCTION failed_actions_on_message_failure() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  retried_action uuid;
BEGIN
  IF NEW.idempotency_key LIKE 'retry:%' THEN
    retried_action := substring(NEW.idempotency_key from 7 for 36)::uuid;
    UPDATE failed_actions
      SET reason_code = NEW.error_code, reason_message = coalesce(NEW.error_message, 'Failed to send'),
        resolved_at = NULL, resolved_by_user_id = NULL, resolution = NULL
      WHERE merchant_id = NEW.merchant_id AND id = retried_action AND retry_message_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO failed_actions (merchant_id, kind, subject_key, message_id, customer_id, account_id, reason_code,
      reason_message, is_retryable, is_resolvable)
    VALUES (NEW.merchant_id, 'message', 'message:' || NEW.id, NEW.id, NEW.customer_id, NEW.account_id,
      NEW.error_code, coalesce(NEW.error_message, 'Failed to send'), true, true)
    ON CONFLICT (merchant_id, subject_key) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER failed_actions_on_message_failure AFTER UPDATE OF status ON messages FOR EACH ROW
  WHEN (NEW.direction = 'outbound' AND NEW.status IN ('failed', 'undelivered')
    AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION failed_actions_on_message_failure();
