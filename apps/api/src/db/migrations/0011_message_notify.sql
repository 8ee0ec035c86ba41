-- Live chat (issue 6): each statement that writes messages, or changes what a chat shows of them (status,
-- error, translations), tells every API process through NOTIFY, which PostgreSQL delivers on commit and
-- drops on rollback. A payload names ids, not rows (it must stay under 8000 bytes), per merchant: a small
-- statement's messages and customers; a large one's (a mass text, a dispatch chunk of 500) seq range only,
-- which a listener reads for the customers it has sockets for. One NOTIFY per statement and merchant, so a
-- 100,000-row mass text pays one aggregate over its transition table.
CREATE FUNCTION messages_notify_live_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT merchant_id, count(*) AS total, min(seq) AS lo, max(seq) AS hi
      FROM new_rows GROUP BY merchant_id
  LOOP
    IF r.total <= 50 THEN
      PERFORM pg_notify('paylane_messages', json_build_object('m', r.merchant_id, 'i', array_agg(id),
          'c', array_agg(DISTINCT customer_id))::text)
        FROM new_rows WHERE merchant_id = r.merchant_id;
    ELSE
      PERFORM pg_notify('paylane_messages',
        json_build_object('m', r.merchant_id, 'lo', r.lo, 'hi', r.hi, 'n', r.total)::text);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION messages_notify_live_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT merchant_id, count(*) AS total, min(seq) AS lo, max(seq) AS hi,
        CASE WHEN count(*) <= 50 THEN array_agg(id) END AS ids,
        CASE WHEN count(*) <= 50 THEN array_agg(DISTINCT customer_id) END AS customers
      FROM (SELECT n.merchant_id, n.id, n.seq, n.customer_id FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE (o.status, o.error_code, o.error_message, o.translations)
            IS DISTINCT FROM (n.status, n.error_code, n.error_message, n.translations)) changed
      GROUP BY merchant_id
  LOOP
    PERFORM pg_notify('paylane_messages', CASE WHEN r.ids IS NULL
      THEN json_build_object('m', r.merchant_id, 'lo', r.lo, 'hi', r.hi, 'n', r.total)
      ELSE json_build_object('m', r.merchant_id, 'i', r.ids, 'c', r.customers) END::text);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_live_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_notify_live_insert();--> statement-breakpoint
CREATE TRIGGER messages_live_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_notify_live_update();--> statement-breakpoint
-- The inbox list updates live: a conversation whose last message or unread count changed. A statement that
-- changes many (a dispatch chunk handing over 500 texts) sends only how many: listeners then push the
-- merchant's newest conversations, which are the ones it moved to the top.
CREATE FUNCTION customer_conversations_notify_live_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paylane_conversations', CASE WHEN count(*) <= 10
      THEN json_build_object('m', merchant_id, 'c', array_agg(customer_id))
      ELSE json_build_object('m', merchant_id, 'n', count(*)) END::text)
    FROM new_rows GROUP BY merchant_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customer_conversations_notify_live_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paylane_conversations', CASE WHEN count(*) <= 10
      THEN json_build_object('m', n.merchant_id, 'c', array_agg(n.customer_id))
      ELSE json_build_object('m', n.merchant_id, 'n', count(*)) END::text)
    FROM new_rows n JOIN old_rows o ON o.customer_id = n.customer_id
    WHERE (o.last_message_seq, o.unread_count) IS DISTINCT FROM (n.last_message_seq, n.unread_count)
    GROUP BY n.merchant_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customer_conversations_live_insert AFTER INSERT ON customer_conversations
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_conversations_notify_live_insert();--> statement-breakpoint
CREATE TRIGGER customer_conversations_live_update AFTER UPDATE ON customer_conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_conversations_notify_live_update();
