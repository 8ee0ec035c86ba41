-- Every merchant's number with the offline outbox provider. 555-0100 to 555-0199 are reserved for fiction in
-- every North American area code, so none reaches a real phone: 100 per area code from 201 up (79,900 numbers).
CREATE SEQUENCE "merchants_outbox_sms_number_seq" MINVALUE 0 START WITH 0;--> statement-breakpoint
CREATE FUNCTION next_outbox_sms_number() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  n bigint := nextval('merchants_outbox_sms_number_seq');
BEGIN
  IF n >= 79900 THEN
    RAISE EXCEPTION 'no fictitious outbox number left';
  END IF;
  RETURN '+1' || (201 + n / 100)::text || '5550' || (100 + n % 100)::text;
END
$$;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "sms_messaging_service_sid" text;--> statement-breakpoint
-- A volatile default is computed per row: the existing merchants get their numbers here.
ALTER TABLE "merchants" ADD COLUMN "outbox_sms_number" text DEFAULT next_outbox_sms_number() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_sms_messaging_service_sid_key" ON "merchants" USING btree ("sms_messaging_service_sid") WHERE "merchants"."sms_messaging_service_sid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_outbox_sms_number_key" ON "merchants" USING btree ("outbox_sms_number");