CREATE TABLE "customer_conversations" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"location_id" uuid,
	"last_message_id" uuid NOT NULL,
	"last_message_seq" bigint NOT NULL,
	"last_message_body" text NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_direction" text NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"last_outbound_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "customer_conversations" ADD CONSTRAINT "customer_conversations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_conversations" ADD CONSTRAINT "customer_conversations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_conversations" ADD CONSTRAINT "customer_conversations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_conversations_merchant_recent_idx" ON "customer_conversations" USING btree ("merchant_id","last_message_seq");--> statement-breakpoint
CREATE INDEX "customer_conversations_location_recent_idx" ON "customer_conversations" USING btree ("merchant_id","location_id","last_message_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_merchant_idempotency_key" ON "messages" USING btree ("merchant_id","idempotency_key") WHERE "messages"."idempotency_key" is not null;--> statement-breakpoint
-- customer_conversations follows every insert into messages: one set-based upsert per statement (a mass text of
-- 100,000 rows is one statement), the last message by seq, the inbound count added to unread. Only texts
-- count (the inbox is of text conversations), and an automation that never left (a recorded skip) does not.
CREATE FUNCTION customer_conversations_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_conversations AS c (customer_id, merchant_id, location_id, last_message_id,
      last_message_seq, last_message_body, last_message_at, last_direction, unread_count, last_inbound_at,
      last_outbound_at)
    SELECT l.customer_id, l.merchant_id, cu.location_id, l.id, l.seq, left(l.body, 300), l.created_at,
        l.direction, s.unread, s.last_inbound_at, s.last_outbound_at
    FROM (SELECT DISTINCT ON (customer_id) customer_id, merchant_id, id, seq, body, created_at, direction
            FROM new_rows
            WHERE channel = 'sms' AND NOT (kind = 'automation' AND status = 'failed')
            ORDER BY customer_id, seq DESC) l
    JOIN (SELECT customer_id,
            (count(*) FILTER (WHERE direction = 'inbound'))::int AS unread,
            max(created_at) FILTER (WHERE direction = 'inbound') AS last_inbound_at,
            max(created_at) FILTER (WHERE direction = 'outbound') AS last_outbound_at
            FROM new_rows
            WHERE channel = 'sms' AND NOT (kind = 'automation' AND status = 'failed')
            GROUP BY customer_id) s ON s.customer_id = l.customer_id
    JOIN customers cu ON cu.id = l.customer_id
    ON CONFLICT (customer_id) DO UPDATE SET
      last_message_id = CASE WHEN excluded.last_message_seq > c.last_message_seq
        THEN excluded.last_message_id ELSE c.last_message_id END,
      last_message_body = CASE WHEN excluded.last_message_seq > c.last_message_seq
        THEN excluded.last_message_body ELSE c.last_message_body END,
      last_message_at = CASE WHEN excluded.last_message_seq > c.last_message_seq
        THEN excluded.last_message_at ELSE c.last_message_at END,
      last_direction = CASE WHEN excluded.last_message_seq > c.last_message_seq
        THEN excluded.last_direction ELSE c.last_direction END,
      last_message_seq = greatest(c.last_message_seq, excluded.last_message_seq),
      unread_count = c.unread_count + excluded.unread_count,
      last_inbound_at = greatest(c.last_inbound_at, excluded.last_inbound_at),
      last_outbound_at = greatest(c.last_outbound_at, excluded.last_outbound_at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_conversation_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_conversations_apply();--> statement-breakpoint
-- The inbox filters by the customer's location: follow a customer who moves.
CREATE FUNCTION customer_conversations_follow_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_conversations c SET location_id = n.location_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE c.customer_id = n.id AND n.location_id IS DISTINCT FROM o.location_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_conversation_location AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_conversations_follow_location();--> statement-breakpoint
-- Conversations of the messages written before this migration.
INSERT INTO customer_conversations (customer_id, merchant_id, location_id, last_message_id, last_message_seq,
    last_message_body, last_message_at, last_direction, unread_count, last_inbound_at, last_outbound_at)
  SELECT l.customer_id, l.merchant_id, cu.location_id, l.id, l.seq, left(l.body, 300), l.created_at,
      l.direction, 0, s.last_inbound_at, s.last_outbound_at
  FROM (SELECT DISTINCT ON (customer_id) customer_id, merchant_id, id, seq, body, created_at, direction
          FROM messages WHERE channel = 'sms' AND NOT (kind = 'automation' AND status = 'failed')
          ORDER BY customer_id, seq DESC) l
  JOIN (SELECT customer_id,
          max(created_at) FILTER (WHERE direction = 'inbound') AS last_inbound_at,
          max(created_at) FILTER (WHERE direction = 'outbound') AS last_outbound_at
          FROM messages WHERE channel = 'sms' AND NOT (kind = 'automation' AND status = 'failed')
          GROUP BY customer_id) s ON s.customer_id = l.customer_id
  JOIN customers cu ON cu.id = l.customer_id;
