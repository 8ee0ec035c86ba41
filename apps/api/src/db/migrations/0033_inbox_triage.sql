-- The inbox's views (issue 20): Needs reply, Unread, Mine, and who wrote the last message. A staff reply is an
-- outbound text a user wrote that is not a mass text (automations and keyword answers have no user): it answers
-- the customer's waiting texts. Mass texts, automations and inbound texts never answer anyone.
ALTER TABLE "customer_conversations" ADD COLUMN "last_message_kind" text DEFAULT 'inbound' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_conversations" ADD COLUMN "last_message_sender_user_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_conversations" ADD COLUMN "awaiting_reply_seq" bigint;--> statement-breakpoint
ALTER TABLE "customer_conversations" ADD COLUMN "awaiting_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_conversations" ADD COLUMN "last_replied_by_user_id" uuid;--> statement-breakpoint
UPDATE customer_conversations c SET last_message_kind = m.kind, last_message_sender_user_id = m.sender_user_id
  FROM messages m WHERE m.id = c.last_message_id;--> statement-breakpoint
WITH replies AS (
  SELECT customer_id, max(seq) AS reply_seq, (array_agg(sender_user_id ORDER BY seq DESC))[1] AS reply_user_id
    FROM messages
    WHERE channel = 'sms' AND direction = 'outbound' AND sender_user_id IS NOT NULL AND kind <> 'batch'
    GROUP BY customer_id
), waits AS (
  SELECT m.customer_id, min(m.seq) AS wait_seq, min(m.created_at) AS wait_at
    FROM messages m LEFT JOIN replies r ON r.customer_id = m.customer_id
    WHERE m.channel = 'sms' AND m.direction = 'inbound' AND m.seq > coalesce(r.reply_seq, 0)
    GROUP BY m.customer_id
)
UPDATE customer_conversations c
  SET last_replied_by_user_id = t.reply_user_id, awaiting_reply_seq = t.wait_seq, awaiting_reply_at = t.wait_at
  FROM (SELECT customer_id, r.reply_user_id, w.wait_seq, w.wait_at FROM replies r FULL JOIN waits w USING (customer_id)) t
  WHERE t.customer_id = c.customer_id;--> statement-breakpoint
CREATE INDEX "customer_conversations_merchant_awaiting_idx" ON "customer_conversations" USING btree ("merchant_id","awaiting_reply_seq") WHERE "customer_conversations"."awaiting_reply_seq" is not null;--> statement-breakpoint
CREATE INDEX "customer_conversations_merchant_unread_idx" ON "customer_conversations" USING btree ("merchant_id","last_message_seq") WHERE "customer_conversations"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "customer_conversations_merchant_replier_idx" ON "customer_conversations" USING btree ("merchant_id","last_replied_by_user_id","last_message_seq") WHERE "customer_conversations"."last_replied_by_user_id" is not null;--> statement-breakpoint
-- As in 0009, with the views' columns. A statement's texts (one chat send, one inbound text, a dispatch chunk)
-- are applied together: its last staff reply, if any, answers the conversation's wait, and the customer's first
-- text after that reply (in this statement) starts a new one. A reply always comes after the wait it answers:
-- chat sends and inbound texts are applied as they are written, in seq order.
CREATE OR REPLACE FUNCTION customer_conversations_upsert(message_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO customer_conversations AS c (customer_id, merchant_id, location_id, last_message_id,
      last_message_seq, last_message_body, last_message_at, last_direction, last_message_kind,
      last_message_sender_user_id, unread_count, last_inbound_at, last_outbound_at, awaiting_reply_seq,
      awaiting_reply_at, last_replied_by_user_id)
    SELECT l.customer_id, l.merchant_id, cu.location_id, l.id, l.seq, left(l.body, 300), l.created_at,
        l.direction, l.kind, l.sender_user_id, s.unread, s.last_inbound_at, s.last_outbound_at, s.wait_seq,
        s.wait_at, s.reply_user_id
    FROM (SELECT DISTINCT ON (customer_id) customer_id, merchant_id, id, seq, body, created_at, direction, kind,
              sender_user_id
            FROM messages WHERE id = ANY(message_ids) ORDER BY customer_id, seq DESC) l
    JOIN (SELECT customer_id,
            (count(*) FILTER (WHERE direction = 'inbound'))::int AS unread,
            max(created_at) FILTER (WHERE direction = 'inbound') AS last_inbound_at,
            max(created_at) FILTER (WHERE direction = 'outbound') AS last_outbound_at,
            (array_agg(sender_user_id ORDER BY seq DESC) FILTER (WHERE is_reply))[1] AS reply_user_id,
            min(seq) FILTER (WHERE direction = 'inbound' AND seq > replied_at_seq) AS wait_seq,
            min(created_at) FILTER (WHERE direction = 'inbound' AND seq > replied_at_seq) AS wait_at
            FROM (SELECT customer_id, seq, created_at, direction, sender_user_id, is_reply,
                    coalesce(max(seq) FILTER (WHERE is_reply) OVER (PARTITION BY customer_id), 0) AS replied_at_seq
                  FROM (SELECT customer_id, seq, created_at, direction, sender_user_id,
                          direction = 'outbound' AND sender_user_id IS NOT NULL AND kind <> 'batch' AS is_reply
                        FROM messages WHERE id = ANY(message_ids)) m) r
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
      last_message_kind = CASE WHEN excluded.last_message_seq > c.last_message_seq
        THEN excluded.last_message_kind ELSE c.last_message_kind END,
      last_message_sender_user_id = CASE WHEN excluded.last_message_seq > c.last_message_seq
        THEN excluded.last_message_sender_user_id ELSE c.last_message_sender_user_id END,
      last_message_seq = greatest(c.last_message_seq, excluded.last_message_seq),
      unread_count = c.unread_count + excluded.unread_count,
      last_inbound_at = greatest(c.last_inbound_at, excluded.last_inbound_at),
      last_outbound_at = greatest(c.last_outbound_at, excluded.last_outbound_at),
      awaiting_reply_seq = CASE WHEN excluded.last_replied_by_user_id IS NOT NULL
        THEN excluded.awaiting_reply_seq ELSE coalesce(c.awaiting_reply_seq, excluded.awaiting_reply_seq) END,
      awaiting_reply_at = CASE WHEN excluded.last_replied_by_user_id IS NOT NULL
        THEN excluded.awaiting_reply_at ELSE coalesce(c.awaiting_reply_at, excluded.awaiting_reply_at) END,
      last_replied_by_user_id = coalesce(excluded.last_replied_by_user_id, c.last_replied_by_user_id);
$$;--> statement-breakpoint
-- The live inbox also hears a conversation resolved (its wait cleared) or answered.
CREATE OR REPLACE FUNCTION customer_conversations_notify_live_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paylane_conversations', CASE WHEN count(*) <= 10
      THEN json_build_object('m', n.merchant_id, 'c', array_agg(n.customer_id))
      ELSE json_build_object('m', n.merchant_id, 'n', count(*)) END::text)
    FROM new_rows n JOIN old_rows o ON o.customer_id = n.customer_id
    WHERE (o.last_message_seq, o.unread_count, o.awaiting_reply_seq)
      IS DISTINCT FROM (n.last_message_seq, n.unread_count, n.awaiting_reply_seq)
    GROUP BY n.merchant_id;
  RETURN NULL;
END $$;
