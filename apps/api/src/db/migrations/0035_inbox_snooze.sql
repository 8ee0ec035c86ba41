ALTER TABLE "customer_conversations" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customer_conversations_merchant_snoozed_idx" ON "customer_conversations" USING btree ("merchant_id","last_message_seq") WHERE "customer_conversations"."snoozed_until" is not null;--> statement-breakpoint
CREATE INDEX "customer_conversations_snoozed_until_idx" ON "customer_conversations" USING btree ("snoozed_until") WHERE "customer_conversations"."snoozed_until" is not null;--> statement-breakpoint
-- As in 0033, and the customer's text wakes a snoozed conversation (issue 20 snooze): a statement that brings
-- inbound texts clears snoozed_until, one of outbound texts only (a reply, a mass text) leaves it.
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
      last_replied_by_user_id = coalesce(excluded.last_replied_by_user_id, c.last_replied_by_user_id),
      snoozed_until = CASE WHEN excluded.unread_count > 0 THEN NULL ELSE c.snoozed_until END;
$$;--> statement-breakpoint
-- The live inbox also hears a conversation resolved (its wait cleared), answered, snoozed or woken.
CREATE OR REPLACE FUNCTION customer_conversations_notify_live_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paylane_conversations', CASE WHEN count(*) <= 10
      THEN json_build_object('m', n.merchant_id, 'c', array_agg(n.customer_id))
      ELSE json_build_object('m', n.merchant_id, 'n', count(*)) END::text)
    FROM new_rows n JOIN old_rows o ON o.customer_id = n.customer_id
    WHERE (o.last_message_seq, o.unread_count, o.awaiting_reply_seq, o.snoozed_until)
      IS DISTINCT FROM (n.last_message_seq, n.unread_count, n.awaiting_reply_seq, n.snoozed_until)
    GROUP BY n.merchant_id;
  RETURN NULL;
END $$;
